import { db } from "@/lib/platform/db/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { endAllSessions } from "@/lib/platform/auth/sessions";
import { claimHeldContributions } from "./imported-identity";
import { emailSchema } from "./schemas";

interface OAuthProfile {
  provider: string;
  providerAccountId: string;
  /** Only an address the provider verified (lib/platform/auth/oauth-email.ts); it counts as proven here too. */
  email?: string | null;
  name?: string | null;
}

/**
 * Finds the account behind an OAuth sign-in, creating it on first use with its address proven. A
 * provider account is linked to an existing user by email; without an email we cannot tell whose
 * it is, so the sign-in is refused.
 *
 * Linking to an account whose address was never proven means a stranger may have created it with
 * this address first (a pre-registered account): its password and sessions are dropped, so the
 * provider-verified owner of the address is the only one left holding it.
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
    const { user, claimed } = await db.$transaction(async (tx) => {
      const existing = await tx.user.findUnique({ where: { email: email.data }, select: { id: true, emailVerifiedAt: true } });
      const now = new Date();
      const user = existing
        ? { id: existing.id }
        : await tx.user.create({ data: { email: email.data, name: profile.name ?? null, emailVerifiedAt: now }, select: { id: true } });
      const claimed = existing !== null && existing.emailVerifiedAt === null;
      if (claimed) await tx.user.update({ where: { id: existing.id }, data: { emailVerifiedAt: now, passwordHash: null } });
      await tx.oAuthAccount.create({
        data: { userId: user.id, provider: profile.provider, providerAccountId: profile.providerAccountId },
      });
      return { user, claimed };
    });
    if (claimed) await endAllSessions(user.id);
    // The provider verified the address: what an import set aside for it is this account's now.
    await claimHeldContributions(user.id, email.data);
    return { id: user.id };
  } catch (error) {
    if (isUniqueViolation(error)) return linkOAuthAccount(profile); // a parallel first sign-in won
    throw error;
  }
}
