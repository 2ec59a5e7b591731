"use server";

import { feedbackChanged } from "@/lib/platform/cache/refresh-after-change";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { createPost } from "@/lib/domain/posts/create-post";
import type { CreatePostInput } from "@/lib/domain/posts/schemas";

/** A post written by a member (on behalf of a customer, say): the same createPost as POST /api/v1/posts. */
export async function createPostAction(slug: string, input: CreatePostInput) {
  return runWorkspaceAction(slug, "createPostAction", (actor) => createPost(actor, input), feedbackChanged(slug));
}
