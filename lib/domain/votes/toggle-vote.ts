import { randomUUID } from "node:crypto";
import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { transactionSql } from "@/lib/platform/db/scoped";
import { prepareEventSql, recordEventCtes } from "@/lib/platform/events/record-event-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { lockPostSql } from "@/lib/domain/posts/lock-post-sql";
import { publicBoardFilter } from "@/lib/domain/access/visibility";

// A visitor's upvote, set on or off. The client sends the state it wants (not "flip whatever is
// there"), so a double click or a retried request cannot undo itself.
//
// Each direction is ONE statement, event included, so it needs no interactive transaction (no pool
// slot held across round trips, no lock held while the app thinks): 50 visitors voting on one post
// at once queue on its row for one round trip each. It first locks the post row (`target`),
// which fences the post to this workspace, to a public board and to posts not merged away; then
// the vote row is inserted (ON CONFLICT on Vote(postId, userId) DO NOTHING) or deleted, and
// Post.voteCount moves by one only when a row really was inserted or deleted. Concurrent votes by
// different users each add exactly one (they queue on the post's row lock); concurrent votes by
// the same user collide on the unique index and only the first counts. A vote that waited for a
// merge finds the post merged and is refused (lib/domain/posts/lock-post-sql.ts).
export interface VoteResult {
  voted: boolean;
  voteCount: number;
}

// `publicOnly` (the portal's rule) is lifted only for a member acting for someone (the API).
export type VoteTarget = { workspaceId: string; postId: string; userId: string; publicOnly?: boolean };

// vote.created / vote.deleted are written by the same statement, only when a vote really was cast
// or withdrawn (lib/platform/events/record-event-sql.ts).
function voteEvent(workspaceId: string, userId: string, type: "vote.created" | "vote.deleted") {
  const data = Prisma.sql`jsonb_build_object('postId', bumped."postId", 'userId', ${userId}::text, 'voteCount', bumped."voteCount")`;
  return recordEventCtes("bumped", workspaceId, type, data);
}

/** Where the statements run: the process-wide client, or a transaction that batches several votes. */
export type VoteClient = Pick<Prisma.TransactionClient, "$queryRaw" | "$queryRawUnsafe" | "post">;

function addVote(client: VoteClient, { workspaceId, postId, userId, publicOnly = true }: VoteTarget) {
  return client.$queryRaw<{ voteCount: number }[]>`
    WITH target AS (${lockPostSql(workspaceId, postId, { publicOnly })}), inserted AS (
      INSERT INTO "Vote" (id, "workspaceId", "postId", "userId", "createdAt")
      SELECT ${voteId()}, ${workspaceId}, target.id, ${userId}, now() FROM target
      ON CONFLICT ("postId", "userId") DO NOTHING
      RETURNING "postId"
    ), bumped AS (
      UPDATE "Post" SET "voteCount" = "voteCount" + 1
      FROM inserted WHERE "Post".id = inserted."postId"
      RETURNING "Post".id AS "postId", "Post"."voteCount" AS "voteCount"
    )${voteEvent(workspaceId, userId, "vote.created")}
    SELECT "voteCount" FROM bumped`;
}

function withdrawVote(client: VoteClient, { workspaceId, postId, userId, publicOnly = true }: VoteTarget) {
  return client.$queryRaw<{ voteCount: number }[]>`
    WITH target AS (${lockPostSql(workspaceId, postId, { publicOnly })}), deleted AS (
      DELETE FROM "Vote" v USING target
      WHERE v."postId" = target.id AND v."userId" = ${userId} AND v."workspaceId" = ${workspaceId}
      RETURNING v."postId"
    ), bumped AS (
      UPDATE "Post" SET "voteCount" = GREATEST("voteCount" - 1, 0)
      FROM deleted WHERE "Post".id = deleted."postId"
      RETURNING "Post".id AS "postId", "Post"."voteCount" AS "voteCount"
    )${voteEvent(workspaceId, userId, "vote.deleted")}
    SELECT "voteCount" FROM bumped`;
}

export function toggleVote(input: VoteTarget & { voted: boolean }): Promise<VoteResult> {
  return setVote(db, input);
}

/**
 * toggleVote on a given client. Inside a transaction (a batch of votes) each vote is still its one
 * statement, and a second vote by the same person on the same post in that transaction meets the
 * first one's row on the unique index: counted once, as across requests.
 */
export async function setVote(client: VoteClient, input: VoteTarget & { voted: boolean }): Promise<VoteResult> {
  await prepareEventSql(transactionSql(client));
  const changed = input.voted ? await addVote(client, input) : await withdrawVote(client, input);
  if (changed[0]) return { voted: input.voted, voteCount: Number(changed[0].voteCount) };
  // Nothing changed: already in the wanted state, merged away, or no such public post. Tell which.
  const current = await currentVote(input, client);
  if (current.mergedIntoId && input.voted) throw new DomainError("CONFLICT", "This post was merged into another one. Vote there instead.");
  return { voted: current.voted, voteCount: current.voteCount };
}

export async function currentVote({ workspaceId, postId, userId, publicOnly = true }: { workspaceId: string; postId: string; userId: string | null; publicOnly?: boolean }, client: Pick<VoteClient, "post"> = db) {
  const post = await client.post.findFirst({
    where: { id: postId, workspaceId, ...(publicOnly ? { board: publicBoardFilter } : {}) },
    select: { voteCount: true, mergedIntoId: true, votes: userId ? { where: { userId }, select: { id: true } } : false },
  });
  if (!post) throw new DomainError("NOT_FOUND", "Post not found.");
  return { voted: Boolean(post.votes?.length), voteCount: post.voteCount, mergedIntoId: post.mergedIntoId };
}

function voteId(): string {
  return `v${randomUUID().replaceAll("-", "")}`;
}
