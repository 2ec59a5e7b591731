import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import type { Prisma } from "@/lib/generated/prisma/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { VISIBLE_COMMENT_SQL } from "@/lib/domain/access/visibility";

type Tx = Prisma.TransactionClient;

/**
 * Hides a comment from the portal (kept for the team, out of commentCount), or shows it again.
 * Admins and owners (lib/domain/access/roles.ts). Hiding twice is a no-op, not an error.
 */
export async function setCommentHidden(actor: WorkspaceActor, commentId: string, hidden: boolean) {
  authorize(actor, "comments.moderate", "hide comments");
  return onLockedComment(actor, commentId, async (tx) => {
    const [before] = await tx.$queryRaw<{ postId: string; hiddenAt: Date | null }[]>`
      SELECT "postId", "hiddenAt" FROM "Comment" WHERE id = ${commentId} AND "workspaceId" = ${actor.workspaceId}`;
    const rows = await tx.$queryRaw<{ hiddenAt: Date | null }[]>`
      UPDATE "Comment" SET "hiddenAt" = CASE WHEN ${hidden} THEN COALESCE("hiddenAt", now()) ELSE NULL END, "updatedAt" = now()
      WHERE id = ${commentId} AND "workspaceId" = ${actor.workspaceId}
      RETURNING "hiddenAt"`;
    const hiddenAt = rows[0]?.hiddenAt?.toISOString() ?? null;
    // Only a real change is an event: hiding twice tells nobody anything new.
    if (before && (before.hiddenAt === null) === hidden) {
      await recordEvent(tx, { workspaceId: actor.workspaceId, type: "comment.hidden", data: { id: commentId, postId: before.postId, hiddenAt } });
    }
    return { id: commentId, hiddenAt };
  });
}

/** Deletes a comment for good. Admins and owners (lib/domain/access/roles.ts). */
export async function deleteComment(actor: WorkspaceActor, commentId: string) {
  authorize(actor, "comments.moderate", "delete comments");
  return onLockedComment(actor, commentId, async (tx) => {
    const comment = await tx.comment.findFirst({ where: { id: commentId, workspaceId: actor.workspaceId } });
    await tx.$executeRaw`DELETE FROM "Comment" WHERE id = ${commentId} AND "workspaceId" = ${actor.workspaceId}`;
    if (comment) {
      const data = { id: comment.id, postId: comment.postId, authorId: comment.authorId, body: comment.body, isTeamReply: comment.isTeamReply, hiddenAt: comment.hiddenAt?.toISOString() ?? null, createdAt: comment.createdAt.toISOString() };
      await recordEvent(tx, { workspaceId: actor.workspaceId, type: "comment.deleted", data });
    }
    return { id: commentId, deleted: true as const };
  });
}

/**
 * Runs `change` with the comment's post locked, then recounts the post's visible comments under
 * that lock. The post is locked before the comment, in the same order as comment inserts and
 * merges take them, so none of them can deadlock with another and the count is exact.
 */
async function onLockedComment<T>(actor: WorkspaceActor, commentId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  const { workspaceId } = actor;
  return db.$transaction(async (tx) => {
    const found = await tx.comment.findFirst({ where: { id: commentId, workspaceId }, select: { postId: true } });
    if (!found) throw commentNotFound();
    await tx.$queryRaw`SELECT id FROM "Post" WHERE id = ${found.postId} AND "workspaceId" = ${workspaceId} FOR NO KEY UPDATE`;
    const [locked] = await tx.$queryRaw<{ postId: string }[]>`
      SELECT "postId" FROM "Comment" WHERE id = ${commentId} AND "workspaceId" = ${workspaceId} FOR UPDATE`;
    if (!locked) throw commentNotFound();
    // A merge moved it to another post between the two reads: the caller's page is out of date.
    if (locked.postId !== found.postId) throw new DomainError("CONFLICT", "This comment moved to another post (a merge). Reload and try again.");
    const result = await change(tx);
    await tx.$executeRaw`
      UPDATE "Post" SET "commentCount" = (SELECT count(*) FROM "Comment" WHERE "postId" = ${found.postId} AND ${VISIBLE_COMMENT_SQL})
      WHERE id = ${found.postId} AND "workspaceId" = ${workspaceId}`;
    return result;
  });
}

function commentNotFound() {
  return new DomainError("NOT_FOUND", "This comment no longer exists.");
}
