"use server";

import { afterFeedbackChange, runWorkspaceAction } from "@/lib/dashboard/workspace-action";
import { createPost } from "@/lib/posts/create-post";
import type { CreatePostInput } from "@/lib/posts/schemas";

/** A post written by a member (on behalf of a customer, say): the same createPost as POST /api/v1/posts. */
export async function createPostAction(slug: string, input: CreatePostInput) {
  const result = await runWorkspaceAction(slug, "createPostAction", (actor) => createPost(actor, input));
  if (result.ok) afterFeedbackChange(slug);
  return result;
}
