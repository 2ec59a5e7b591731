import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { attachInvitations, attachInvitationsTx } from "@/lib/members/attach-invitations";
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
    const { user, created } = await db.$transaction(async (tx) => {
      const existing = await tx.user.findUnique({ where: { email: email.data }, select: { id: true, email: true } });
      const user = existing ?? (await tx.user.create({ data: { email: email.data, name: profile.name ?? null }, select: { id: true, email: true } }));
      if (!existing) await attachInvitationsTx(tx, user);
      await tx.oAuthAccount.create({
        data: { userId: user.id, provider: profile.provider, providerAccountId: profile.providerAccountId },
      });
      return { user, created: !existing };
    });
    if (created) await attachInvitations(user); // invitations written while the account was being created
    return { id: user.id };
  } catch (error) {
    if (isUniqueViolation(error)) return linkOAuthAccount(profile); // a parallel first sign-in won
    throw error;
  }
}
