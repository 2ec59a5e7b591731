import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/api/error-codes";
import { db } from "@/lib/db/client";

// A visitor's upvote, set on or off. The client sends the state it wants (not "flip whatever is
// there"), so a double click or a retried request cannot undo itself.
//
// Each direction is ONE statement, so it needs no interactive transaction (no pool slot held
// across round trips, no lock held while the app thinks): the vote row is inserted (ON CONFLICT
// on Vote(postId, userId) DO NOTHING) or deleted, and Post.voteCount moves by one only when a
// row really was inserted or deleted. Concurrent votes by different users each add exactly one
// (the counter update takes the row lock); concurrent votes by the same user collide on the
// unique index and only the first counts. The statement also fences the post to this workspace
// and to a public board.
export interface VoteResult {
  voted: boolean;
  voteCount: number;
}

export async function toggleVote(input: { workspaceId: string; postId: string; userId: string; voted: boolean }): Promise<VoteResult> {
  const { workspaceId, postId, userId } = input;
  const changed = input.voted
    ? await db.$queryRaw<{ voteCount: number }[]>`
        WITH target AS (
          SELECT p.id FROM "Post" p JOIN "Board" b ON b.id = p."boardId"
          WHERE p.id = ${postId} AND p."workspaceId" = ${workspaceId} AND b."workspaceId" = ${workspaceId} AND b."isPublic"
        ), inserted AS (
          INSERT INTO "Vote" (id, "workspaceId", "postId", "userId", "createdAt")
          SELECT ${voteId()}, ${workspaceId}, target.id, ${userId}, now() FROM target
          ON CONFLICT ("postId", "userId") DO NOTHING
          RETURNING "postId"
        )
        UPDATE "Post" SET "voteCount" = "voteCount" + 1
        FROM inserted WHERE "Post".id = inserted."postId"
        RETURNING "Post"."voteCount" AS "voteCount"`
    : await db.$queryRaw<{ voteCount: number }[]>`
        WITH deleted AS (
          DELETE FROM "Vote" v USING "Post" p, "Board" b
          WHERE v."postId" = ${postId} AND v."userId" = ${userId} AND v."workspaceId" = ${workspaceId}
            AND p.id = v."postId" AND p."workspaceId" = ${workspaceId} AND b.id = p."boardId" AND b."isPublic"
          RETURNING v."postId"
        )
        UPDATE "Post" SET "voteCount" = GREATEST("voteCount" - 1, 0)
        FROM deleted WHERE "Post".id = deleted."postId"
        RETURNING "Post"."voteCount" AS "voteCount"`;
  if (changed[0]) return { voted: input.voted, voteCount: Number(changed[0].voteCount) };
  // Nothing changed: already in the wanted state, or no such public post. Tell which.
  return currentVote({ workspaceId, postId, userId });
}

export async function currentVote({ workspaceId, postId, userId }: { workspaceId: string; postId: string; userId: string | null }): Promise<VoteResult> {
  const post = await db.post.findFirst({
    where: { id: postId, workspaceId, board: { isPublic: true } },
    select: { voteCount: true, votes: userId ? { where: { userId }, select: { id: true } } : false },
  });
  if (!post) throw new ApiError("NOT_FOUND", "Post not found.");
  return { voted: Boolean(post.votes?.length), voteCount: post.voteCount };
}

function voteId(): string {
  return `v${randomUUID().replaceAll("-", "")}`;
}
