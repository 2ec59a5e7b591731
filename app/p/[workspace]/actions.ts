"use server";

import { revalidatePath } from "next/cache";
import { ApiError } from "@/lib/api/error-codes";
import { idSchema } from "@/lib/api/schemas";
import { guardAction } from "@/lib/auth/guard-action";
import { addComment } from "@/lib/comments/add-comment";
import type { FormResult } from "@/lib/forms";
import { findPublishedWorkspace } from "@/lib/public/find-published-workspace";
import { invalidateWorkspace } from "@/lib/public/response-cache";
import { toggleVote } from "@/lib/votes/toggle-vote";

// Visitors taking part on a published portal: any signed-in account may vote and comment on posts
// of public boards. Signed-out callers are told to sign in (the page links to sign-in and back).
export type VoteActionResult =
  | { ok: true; voted: boolean; voteCount: number }
  | { ok: false; reason: "signed_out" | "not_found" };

async function target(workspaceSlug: unknown, postId: unknown) {
  if (typeof workspaceSlug !== "string" || !idSchema.safeParse(postId).success) return null;
  const workspace = await findPublishedWorkspace(workspaceSlug);
  return workspace ? { workspace, postId: postId as string } : null;
}

function afterWrite(slug: string) {
  invalidateWorkspace(slug);
  revalidatePath(`/p/${slug}`, "layout");
}

export async function voteAction(workspaceSlug: string, postId: string, voted: boolean): Promise<VoteActionResult> {
  const user = await guardAction();
  if (!user) return { ok: false, reason: "signed_out" };
  const found = await target(workspaceSlug, postId);
  if (!found || typeof voted !== "boolean") return { ok: false, reason: "not_found" };
  try {
    const result = await toggleVote({ workspaceId: found.workspace.id, postId: found.postId, userId: user.id, voted });
    afterWrite(found.workspace.slug);
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof ApiError && error.code === "NOT_FOUND") return { ok: false, reason: "not_found" };
    throw error;
  }
}

export async function commentAction(workspaceSlug: string, postId: string, body: string): Promise<FormResult<{ id: string }>> {
  const user = await guardAction();
  if (!user) return { ok: false, fieldErrors: { form: "Sign in to comment." } };
  const found = await target(workspaceSlug, postId);
  if (!found) return { ok: false, fieldErrors: { form: "This post is no longer available." } };
  try {
    const comment = await addComment({ workspaceId: found.workspace.id, postId: found.postId, userId: user.id, body: String(body ?? "") });
    afterWrite(found.workspace.slug);
    return { ok: true, data: { id: comment.id } };
  } catch (error) {
    if (error instanceof ApiError && error.code === "VALIDATION_ERROR") {
      return { ok: false, fieldErrors: { body: error.details?.[0]?.message ?? "Check your comment." } };
    }
    if (error instanceof ApiError && error.code === "NOT_FOUND") return { ok: false, fieldErrors: { form: "This post is no longer available." } };
    throw error;
  }
}
