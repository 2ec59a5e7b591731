"use server";

import { deleteComment, setCommentHidden } from "@/lib/domain/comments/moderate-comment";
import { replyAsTeam } from "@/lib/domain/comments/reply-as-team";
import { feedbackChanged } from "@/lib/platform/cache/refresh-after-change";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import type { FormResult } from "@/lib/platform/forms/forms";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { deletePost } from "@/lib/domain/posts/delete-post";
import { findMergeTargets, type MergeCandidate } from "@/lib/domain/posts/find-merge-targets";
import { mergePost } from "@/lib/domain/posts/merge-posts";
import { setPostRoadmapItem } from "@/lib/domain/posts/set-post-roadmap-item";
import { StalePostError, updatePost } from "@/lib/domain/posts/update-post";

// Every action re-reads the session and the caller's role, and the domain function checks the
// role again from lib/domain/access/roles.ts: a viewer's or member's replayed request is refused.

export type PostText = { title: string; body: string; tags: string[] };
export type SavePostResult = FormResult<PostText & { version: number }> | { ok: false; fieldErrors: Record<string, string>; current: PostText & { version: number } };

/**
 * Saves title, body and tags on the version the form was opened with. If someone saved in
 * between, nothing is written and the answer carries the current text, for the form to show.
 */
export async function savePostTextAction(slug: string, postId: string, input: PostText, expectedVersion: number): Promise<SavePostResult> {
  return serverAction(
    { context: "savePostTextAction", caller: { workspace: slug }, stale: (answer: SavePostResult) => (answer.ok ? feedbackChanged(slug) : undefined) },
    async (actor): Promise<SavePostResult> => {
      try {
        const saved = await updatePost(actor, String(postId), { title: input?.title, body: input?.body, tags: input?.tags }, { expectedVersion: Number(expectedVersion) });
        // The save was conditional on `expectedVersion`, so it made exactly the next one.
        return { ok: true, data: { title: saved.title, body: saved.body, tags: saved.tags, version: Number(expectedVersion) + 1 } };
      } catch (error) {
        if (!(error instanceof StalePostError)) throw error;
        const { message, current } = error;
        return { ok: false, fieldErrors: { form: message }, current: { title: current.title, body: current.body, tags: current.tags, version: current.version } };
      }
    },
  );
}

export async function changeStatusAction(slug: string, postId: string, status: PostStatus, note?: string) {
  return runWorkspaceAction(
    slug,
    "changeStatusAction",
    (actor) => updatePost(actor, String(postId), { status }, { note: typeof note === "string" ? note : undefined }),
    feedbackChanged(slug),
  );
}

export async function setRoadmapItemAction(slug: string, postId: string, roadmapItemId: string | null) {
  return runWorkspaceAction(slug, "setRoadmapItemAction", (actor) => setPostRoadmapItem(actor, String(postId), roadmapItemId === null ? null : String(roadmapItemId)), feedbackChanged(slug));
}

export async function replyAsTeamAction(slug: string, postId: string, body: string) {
  return runWorkspaceAction(slug, "replyAsTeamAction", (actor) => replyAsTeam(actor, String(postId), String(body ?? "")), feedbackChanged(slug));
}

export async function setCommentHiddenAction(slug: string, commentId: string, hidden: boolean) {
  return runWorkspaceAction(slug, "setCommentHiddenAction", (actor) => setCommentHidden(actor, String(commentId), hidden === true), feedbackChanged(slug));
}

export async function deleteCommentAction(slug: string, commentId: string) {
  return runWorkspaceAction(slug, "deleteCommentAction", (actor) => deleteComment(actor, String(commentId)), feedbackChanged(slug));
}

export async function mergePostAction(slug: string, sourceId: string, targetId: string) {
  return runWorkspaceAction(slug, "mergePostAction", (actor) => mergePost(actor, String(sourceId), String(targetId)), feedbackChanged(slug));
}

export async function deletePostAction(slug: string, postId: string) {
  return runWorkspaceAction(slug, "deletePostAction", (actor) => deletePost(actor, String(postId)), feedbackChanged(slug));
}

/** Posts this one could be merged into (findMergeTargets). */
export async function findMergeTargetsAction(slug: string, postId: string, q: string): Promise<FormResult<MergeCandidate[]>> {
  return runWorkspaceAction(slug, "findMergeTargetsAction", (actor) => findMergeTargets(actor, String(postId), q));
}
