import { randomUUID } from "node:crypto";
import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { safeText } from "@/lib/platform/core/schemas";
import { validate } from "@/lib/platform/core/validate";
import { db } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { lockPostSql } from "@/lib/domain/posts/lock-post-sql";
import { publicBoardFilter } from "@/lib/domain/access/visibility";

export const COMMENT_MAX_LENGTH = 5_000;
export const addCommentSchema = z.object({ body: safeText({ min: 1, max: COMMENT_MAX_LENGTH, label: "Comment", multiline: true }) });

/** A visitor's comment on a post of a public board. */
export function addComment(input: { workspaceId: string; postId: string; userId: string; body: string }) {
  return insertComment({ ...input, asTeam: false });
}

/**
 * The one comment insert (visitors on the portal, members replying as the team). The post's row
 * is locked first, then the insert and the commentCount increment happen in the same statement,
 * so the count stays exact under concurrent comments and merges and never counts a comment that
 * was not written. Visitors reach only posts of public boards; the team reaches every board.
 */
export async function insertComment(input: CommentTarget) {
  // One transaction for the insert and its event: comment.created exists exactly when the comment does.
  return db.$transaction((tx) => insertCommentIn(tx, input));
}

type CommentTarget = { workspaceId: string; postId: string; userId: string; body: string; asTeam: boolean; publicOnly?: boolean };
/** Where the comment is written: insertComment's own transaction, or one that batches several comments. */
export type CommentClient = Prisma.TransactionClient;

/** insertComment inside a transaction the caller holds; refuses (and leaves it to roll back) when the post cannot take it. */
export async function insertCommentIn(tx: CommentClient, input: CommentTarget) {
  const { body } = validate(addCommentSchema, { body: input.body }, "The comment is not valid.");
  const { workspaceId, postId, userId, asTeam } = input;
  const publicOnly = input.publicOnly ?? !asTeam;
  const rows = await tx.$queryRaw<{ id: string; createdAt: Date; commentCount: number }[]>`
    WITH target AS (${lockPostSql(workspaceId, postId, { publicOnly })}), inserted AS (
      INSERT INTO "Comment" (id, "workspaceId", "postId", "authorId", body, "isTeamReply", "createdAt", "updatedAt")
      SELECT ${commentId()}, ${workspaceId}, target.id, ${userId}, ${body}, ${asTeam}, now(), now() FROM target
      RETURNING id, "postId", "createdAt"
    ), bumped AS (
      UPDATE "Post" SET "commentCount" = "commentCount" + 1
      FROM inserted WHERE "Post".id = inserted."postId"
      RETURNING "Post"."commentCount"
    )
    SELECT inserted.id, inserted."createdAt", bumped."commentCount" FROM inserted, bumped`;
  const row = rows[0];
  if (!row) throw await whyNoComment(tx, workspaceId, postId, publicOnly);
  const comment = { id: row.id, body, isTeamReply: asTeam, createdAt: row.createdAt.toISOString(), commentCount: Number(row.commentCount) };
  const data = { id: row.id, postId, authorId: userId, body, isTeamReply: asTeam, hiddenAt: null, createdAt: comment.createdAt };
  await recordEvent(tx, { workspaceId, type: "comment.created", data });
  return comment;
}

async function whyNoComment(tx: CommentClient, workspaceId: string, postId: string, publicOnly: boolean) {
  const merged = await tx.post.findFirst({
    where: { id: postId, workspaceId, mergedIntoId: { not: null }, ...(publicOnly ? { board: publicBoardFilter } : {}) },
    select: { id: true },
  });
  return merged
    ? new DomainError("CONFLICT", "This post was merged into another one. Comment there instead.")
    : new DomainError("NOT_FOUND", "Post not found.");
}

function commentId(): string {
  return `c${randomUUID().replaceAll("-", "")}`;
}
