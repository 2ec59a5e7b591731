import { DomainError } from "@/lib/platform/core/errors";
import { idSchema } from "@/lib/platform/core/schemas";
import { db } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getPostOrThrow } from "./get-post";
import { postView } from "./view";
import { VISIBLE_COMMENT_SQL } from "@/lib/domain/access/visibility";

type Tx = Prisma.TransactionClient;
type LockedPost = { id: string; title: string; mergedIntoId: string | null };

/**
 * Merges post `sourceId` (B) into `targetId` (A): B's voters become A's voters (one vote
 * per person: someone who voted for both counts once), B's comments move to A, posts merged into
 * B earlier now point at A, A takes B's roadmap link if it has none, and B is closed with
 * `mergedIntoId = A`. Admins and owners.
 *
 * Exact under concurrent votes and comments: both posts are locked first (in id order, so two
 * merges cannot deadlock), every vote and comment statement locks its post before writing
 * (lib/domain/posts/lock-post-sql.ts), and A's counts are recounted from the rows under the lock. A vote
 * for B that waited for the merge then finds B merged and is refused; one for A lands on top.
 */
export async function mergePost(actor: WorkspaceActor, sourceId: string, targetId: string) {
  authorize(actor, "posts.merge", "merge posts");
  if (!idSchema.safeParse(sourceId).success) throw new DomainError("NOT_FOUND", "Post not found.");
  if (!idSchema.safeParse(targetId).success) throw targetNotFound();
  if (sourceId === targetId) throw invalidTarget("A post cannot be merged into itself.", "self");
  const { workspaceId } = actor;
  await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<LockedPost[]>`
      SELECT id, title, "mergedIntoId" FROM "Post"
      WHERE id IN (${sourceId}, ${targetId}) AND "workspaceId" = ${workspaceId}
      ORDER BY id FOR UPDATE`;
    const source = locked.find((post) => post.id === sourceId);
    const target = locked.find((post) => post.id === targetId);
    if (!source) throw new DomainError("NOT_FOUND", "Post not found.");
    if (!target) throw targetNotFound();
    if (source.mergedIntoId) throw new DomainError("CONFLICT", "This post was already merged into another one.");
    if (target.mergedIntoId) throw invalidTarget(`“${target.title}” was itself merged into another post. Merge into that one instead.`, "merged");
    await moveVotes(tx, workspaceId, sourceId, targetId);
    await moveComments(tx, workspaceId, sourceId, targetId);
    const before = postView(await getPostOrThrow(tx, sourceId));
    await closeSource(tx, workspaceId, sourceId, targetId);
    await recordEvent(tx, { workspaceId, type: "post.merged", data: postView(await getPostOrThrow(tx, sourceId)), previous: before });
  });
  return { source: postView(await getPostOrThrow(actor.db, sourceId)), target: postView(await getPostOrThrow(actor.db, targetId)) };
}

async function moveVotes(tx: Tx, workspaceId: string, from: string, to: string) {
  // A voter of both keeps their vote on A (ON CONFLICT); the vote keeps its original time.
  await tx.$executeRaw`
    INSERT INTO "Vote" (id, "workspaceId", "postId", "userId", "createdAt")
    SELECT 'v' || replace(gen_random_uuid()::text, '-', ''), ${workspaceId}, ${to}, "userId", "createdAt"
    FROM "Vote" WHERE "postId" = ${from} AND "workspaceId" = ${workspaceId}
    ON CONFLICT ("postId", "userId") DO NOTHING`;
  await tx.$executeRaw`DELETE FROM "Vote" WHERE "postId" = ${from} AND "workspaceId" = ${workspaceId}`;
}

async function moveComments(tx: Tx, workspaceId: string, from: string, to: string) {
  await tx.$executeRaw`UPDATE "Comment" SET "postId" = ${to} WHERE "postId" = ${from} AND "workspaceId" = ${workspaceId}`;
}

async function closeSource(tx: Tx, workspaceId: string, from: string, to: string) {
  await tx.$executeRaw`
    UPDATE "Post" target SET
      "voteCount" = (SELECT count(*) FROM "Vote" WHERE "postId" = ${to}),
      "commentCount" = (SELECT count(*) FROM "Comment" WHERE "postId" = ${to} AND ${VISIBLE_COMMENT_SQL}),
      "roadmapItemId" = COALESCE(target."roadmapItemId", source."roadmapItemId"),
      "updatedAt" = now()
    FROM "Post" source
    WHERE target.id = ${to} AND target."workspaceId" = ${workspaceId} AND source.id = ${from}`;
  await tx.$executeRaw`
    UPDATE "Post" SET status = 'closed', "mergedIntoId" = ${to}, "mergedAt" = now(),
      "voteCount" = 0, "commentCount" = 0, "roadmapItemId" = NULL, "updatedAt" = now()
    WHERE id = ${from} AND "workspaceId" = ${workspaceId}`;
  // Earlier merges into B follow it to A, so every merged post points at a post that is not merged.
  await tx.$executeRaw`UPDATE "Post" SET "mergedIntoId" = ${to} WHERE "mergedIntoId" = ${from} AND "workspaceId" = ${workspaceId}`;
}

function targetNotFound() {
  return new DomainError("NOT_FOUND", "The post to merge into was not found.", [
    { path: "targetId", message: "There is no such post in this workspace.", code: "not_found" },
  ]);
}

function invalidTarget(message: string, code: string) {
  return new DomainError("VALIDATION_ERROR", "This merge is not possible.", [{ path: "targetId", message, code }]);
}
