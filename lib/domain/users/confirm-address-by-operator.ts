import { db } from "@/lib/platform/db/client";
import { claimHeldContributions } from "./imported-identity";
import { emailSchema } from "./schemas";

export type OperatorConfirmation = "confirmed" | "already-confirmed" | "no-account";

/**
 * The instance operator vouches for an account's address, in place of the link an instance without
 * mail cannot send (MAIL_TRANSPORT=none): from then on it counts as proven, for invitations and
 * workspaces alike. Run from the server's shell (`npm run users -- confirm <email>`), never from a
 * request: whoever holds the shell holds the database anyway.
 */
export async function confirmAddressByOperator(email: string): Promise<OperatorConfirmation> {
  const address = emailSchema.safeParse(email);
  if (!address.success) return "no-account";
  const user = await db.user.findUnique({ where: { email: address.data }, select: { id: true, emailVerifiedAt: true } });
  if (!user) return "no-account";
  if (user.emailVerifiedAt) return "already-confirmed";
  await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
  await claimHeldContributions(user.id, address.data);
  return "confirmed";
}
