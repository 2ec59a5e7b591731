import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/api/error-codes";
import { safeText } from "@/lib/api/schemas";
import { zodDetails } from "@/lib/api/zod-details";
import { db } from "@/lib/db/client";

export const COMMENT_MAX_LENGTH = 5_000;
export const addCommentSchema = z.object({ body: safeText({ min: 1, max: COMMENT_MAX_LENGTH, label: "Comment" }) });

/**
 * A visitor's comment on a post of a public board. The insert and the commentCount increment are
 * one statement, so the count stays exact under concurrent comments and never counts a comment
 * that was not written.
 */
export async function addComment(input: { workspaceId: string; postId: string; userId: string; body: string }) {
  const parsed = addCommentSchema.safeParse({ body: input.body });
  if (!parsed.success) throw new ApiError("VALIDATION_ERROR", "The comment is not valid.", zodDetails(parsed.error));
  const { workspaceId, postId, userId } = input;
  const rows = await db.$queryRaw<{ id: string; createdAt: Date; commentCount: number }[]>`
    WITH target AS (
      SELECT p.id FROM "Post" p JOIN "Board" b ON b.id = p."boardId"
      WHERE p.id = ${postId} AND p."workspaceId" = ${workspaceId} AND b."workspaceId" = ${workspaceId} AND b."isPublic"
    ), inserted AS (
      INSERT INTO "Comment" (id, "workspaceId", "postId", "authorId", body, "createdAt", "updatedAt")
      SELECT ${commentId()}, ${workspaceId}, target.id, ${userId}, ${parsed.data.body}, now(), now() FROM target
      RETURNING id, "postId", "createdAt"
    ), bumped AS (
      UPDATE "Post" SET "commentCount" = "commentCount" + 1
      FROM inserted WHERE "Post".id = inserted."postId"
      RETURNING "Post"."commentCount"
    )
    SELECT inserted.id, inserted."createdAt", bumped."commentCount" FROM inserted, bumped`;
  const row = rows[0];
  if (!row) throw new ApiError("NOT_FOUND", "Post not found.");
  return { id: row.id, body: parsed.data.body, createdAt: row.createdAt.toISOString(), commentCount: Number(row.commentCount) };
}

function commentId(): string {
  return `c${randomUUID().replaceAll("-", "")}`;
}
