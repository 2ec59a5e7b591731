import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { attachInvitationsTx } from "@/lib/members/attach-invitations";
import { emailSchema } from "./schemas";

interface OAuthProfile {
  provider: string;
  providerAccountId: string;
  email?: string | null;
  name?: string | null;
}

/**
 * Finds the account behind an OAuth sign-in, creating it (with its pending invitations) on first
 * use. A provider account is linked to an existing user by email; without an email we cannot
 * tell whose it is, so the sign-in is refused.
 */
export async function linkOAuthAccount(profile: OAuthProfile): Promise<{ id: string } | null> {
  const linked = await db.oAuthAccount.findUnique({
    where: { provider_providerAccountId: { provider: profile.provider, providerAccountId: profile.providerAccountId } },
    select: { userId: true },
  });
  if (linked) return { id: linked.userId };

  const email = emailSchema.safeParse(profile.email ?? "");
  if (!email.success) return null;
  try {
    return await db.$transaction(async (tx) => {
      let user = await tx.user.findUnique({ where: { email: email.data }, select: { id: true, email: true } });
      if (!user) {
        user = await tx.user.create({ data: { email: email.data, name: profile.name ?? null }, select: { id: true, email: true } });
        await attachInvitationsTx(tx, user);
      }
      await tx.oAuthAccount.create({
        data: { userId: user.id, provider: profile.provider, providerAccountId: profile.providerAccountId },
      });
      return { id: user.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return linkOAuthAccount(profile); // a parallel first sign-in won
    throw error;
  }
}
