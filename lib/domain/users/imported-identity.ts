import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db/client";

// People an import (or the API's votes and comments for people) brought in get an unclaimed
// account at their address: no password, address not proven, never signed in. Signing up with
// that address must not hand those votes and comments to whoever typed it, yet must not be
// refused either, or the person could never sign up. So sign-up sets the unclaimed account aside
// under an address no mail reaches, derived from the real one, and makes the new account as for
// any new address (with the usual verification link). Once the new account proves the address
// (the link followed signed in, "Forgot password?", a provider that verified it, a confirmed
// address change), what was set aside for that address becomes its own. Until then the new
// account holds nothing of it, so a stranger who signed up with someone else's address gets none.

type Tx = Prisma.TransactionClient;

/** Where the unclaimed account of `email` waits while someone signs up with the address. */
export function heldAddress(email: string): string {
  return `held-${createHash("sha256").update(email).digest("hex").slice(0, 40)}@imported.invalid`;
}

/**
 * Sets aside the unclaimed account at `email`, if that is what has it: true when the address is
 * free now for a sign-up. An account that was ever anyone's (a password, a proven address, a
 * provider link, a membership, a session, a customer's SSO) is never touched.
 */
export async function setAsideUnclaimed(email: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const [unclaimed] = await tx.$queryRaw<{ id: string }[]>`
      SELECT u.id FROM "User" u
      WHERE u.email = ${email} AND u."passwordHash" IS NULL AND u."emailVerifiedAt" IS NULL AND u."ssoWorkspaceId" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "OAuthAccount" o WHERE o."userId" = u.id)
        AND NOT EXISTS (SELECT 1 FROM "Membership" m WHERE m."userId" = u.id)
        AND NOT EXISTS (SELECT 1 FROM "AuthSession" s WHERE s."userId" = u.id)
      FOR UPDATE OF u`;
    if (!unclaimed) return false;
    const held = heldAddress(email);
    const [earlier] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "User" WHERE email = ${held} FOR UPDATE`;
    if (earlier) {
      // Set aside before (by a sign-up whose account is gone since): one account keeps both.
      await moveContributions(tx, unclaimed.id, earlier.id);
      await tx.user.delete({ where: { id: unclaimed.id } });
    } else {
      await tx.user.update({ where: { id: unclaimed.id }, data: { email: held } });
    }
    // Links mailed to the unclaimed account named the address it no longer has: none may be used.
    await tx.emailToken.deleteMany({ where: { userId: unclaimed.id } });
    return true;
  });
}

/** After `userId` proved `email`: the votes, comments and posts set aside for that address become its own. */
export async function claimHeldContributions(userId: string, email: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const [held] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "User" WHERE email = ${heldAddress(email)} AND "passwordHash" IS NULL AND "emailVerifiedAt" IS NULL FOR UPDATE`;
    if (!held || held.id === userId) return;
    await moveContributions(tx, held.id, userId);
    await tx.user.delete({ where: { id: held.id } });
  });
}

/** Moves votes, comments and posts from one account to another; a post both voted on keeps one vote. */
async function moveContributions(tx: Tx, from: string, to: string) {
  await tx.$executeRaw`
    UPDATE "Vote" v SET "userId" = ${to}
    WHERE v."userId" = ${from} AND NOT EXISTS (SELECT 1 FROM "Vote" w WHERE w."postId" = v."postId" AND w."userId" = ${to})`;
  // What is left are votes on posts the account voted on itself: one vote each, counted once.
  await tx.$executeRaw`
    UPDATE "Post" p SET "voteCount" = GREATEST(p."voteCount" - 1, 0)
    FROM "Vote" v WHERE v."postId" = p.id AND v."userId" = ${from}`;
  await tx.$executeRaw`DELETE FROM "Vote" WHERE "userId" = ${from}`;
  await tx.$executeRaw`UPDATE "Comment" SET "authorId" = ${to} WHERE "authorId" = ${from}`;
  await tx.$executeRaw`UPDATE "Post" SET "authorId" = ${to} WHERE "authorId" = ${from}`;
  await tx.$executeRaw`UPDATE "ReleaseNote" SET "authorId" = ${to} WHERE "authorId" = ${from}`;
}
