import { db } from "@/lib/platform/db/client";
import type { FormResult } from "@/lib/platform/forms/forms";
import { ownedWorkspaceFates } from "./owned-workspaces";

export const confirmationHint = (email: string) => `Type your email address, ${email}, to confirm.`;

export function lastOwnerRefusal(names: string[]): string {
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const them = names.length === 1 ? "it" : "them";
  return `You are the only owner of ${list}, which ${names.length === 1 ? "has" : "have"} other members. Make someone else an owner of ${them} (Settings → Members), or delete ${them}, first.`;
}

/**
 * Deletes the account, confirmed by typing its address. Refused while it is the only owner of a
 * workspace that has other members (those are named): a workspace always keeps an owner. A
 * workspace it owns alone, with nobody else in it, is deleted with it, everything inside included;
 * from workspaces it shares, only its membership goes.
 *
 * Its sessions, links, memberships and the API keys it created go with the account (foreign keys
 * cascade), so its keys answer 401 at once. Posts, comments and release notes it wrote stay,
 * without an author; its votes are taken off the posts' counts.
 *
 * The owned workspaces are locked (lib/domain/users/owned-workspaces.ts) before they are counted, the
 * same row every membership change locks: a member joining, or a co-owner leaving, waits and then
 * sees the account gone, so no workspace is ever left without an owner.
 *
 * Caches are not this function's business: each deleted workspace row sends the database's
 * notice every instance drops its cached answers on (lib/platform/cache/public-cache-listener.ts),
 * and the server action drops this instance's at once from the slugs returned.
 */
export async function deleteAccount(userId: string, input: { confirmation: unknown }): Promise<FormResult<{ deletedWorkspaces: string[] }>> {
  return db.$transaction(async (tx): Promise<FormResult<{ deletedWorkspaces: string[] }>> => {
    const [account] = await tx.$queryRaw<{ email: string }[]>`SELECT email FROM "User" WHERE id = ${userId} FOR UPDATE`;
    if (!account) return { ok: false, fieldErrors: { form: "Your account no longer exists." } };
    const typed = typeof input.confirmation === "string" ? input.confirmation.trim().toLowerCase() : "";
    if (typed !== account.email) return { ok: false, fieldErrors: { confirmation: `That is not your address. ${confirmationHint(account.email)}` } };

    const { blocking, alone } = await ownedWorkspaceFates(tx, userId, { lock: true });
    if (blocking.length) return { ok: false, fieldErrors: { form: lastOwnerRefusal(blocking.map((workspace) => workspace.name)) } };

    await tx.$executeRaw`
      UPDATE "Post" AS p SET "voteCount" = GREATEST(p."voteCount" - 1, 0)
      FROM "Vote" AS v WHERE v."postId" = p.id AND v."userId" = ${userId}`;
    if (alone.length) await tx.workspace.deleteMany({ where: { id: { in: alone.map((workspace) => workspace.id) } } });
    await tx.user.delete({ where: { id: userId } });
    return { ok: true, data: { deletedWorkspaces: alone.map((workspace) => workspace.slug) } };
  });
}
