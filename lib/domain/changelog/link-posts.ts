import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedTx } from "@/lib/platform/db/scoped";

/** Replaces the posts a note ships with `postIds`, all of which must be this workspace's posts. */
export async function linkShippedPosts(tx: ScopedTx, workspaceId: string, releaseNoteId: string, postIds: string[]) {
  const found = await tx.post.findMany({ where: { id: { in: postIds } }, select: { id: true } });
  if (found.length !== postIds.length) {
    throw new DomainError("NOT_FOUND", "A linked post does not exist.", [
      { path: "postIds", message: "A chosen post no longer exists (deleted or merged away in another tab?). Remove it and save again.", code: "not_found" },
    ]);
  }
  await tx.releaseNotePost.deleteMany({ where: { releaseNoteId } });
  if (postIds.length) await tx.releaseNotePost.createMany({ data: postIds.map((postId) => ({ workspaceId, releaseNoteId, postId })) });
}
