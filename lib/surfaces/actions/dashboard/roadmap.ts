"use server";

import { feedbackChanged } from "@/lib/platform/cache/refresh-after-change";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { searchPostChoices } from "@/lib/domain/posts/search-post-choices";
import { setPostRoadmapItem } from "@/lib/domain/posts/set-post-roadmap-item";
import { advanceLinkedPosts } from "@/lib/domain/roadmap/advance-linked-posts";
import { createRoadmapItem } from "@/lib/domain/roadmap/create-roadmap-item";
import { deleteRoadmapItem } from "@/lib/domain/roadmap/delete-roadmap-item";
import { moveRoadmapItem } from "@/lib/domain/roadmap/move-roadmap-item";
import type { CreateRoadmapItemInput, MoveRoadmapItemInput, UpdateRoadmapItemInput } from "@/lib/domain/roadmap/schemas";
import { updateRoadmapItem } from "@/lib/domain/roadmap/update-roadmap-item";

// The roadmap page's server actions: each is the domain function of the same name, which checks
// the role itself (roadmap.manage for items, posts.linkRoadmap and posts.changeStatus for posts).
// A change re-renders the workspace's pages and drops the portal's cached answers, so the public
// roadmap follows at once.

export async function createRoadmapItemAction(slug: string, input: CreateRoadmapItemInput) {
  return runWorkspaceAction(slug, "createRoadmapItemAction", (actor) => createRoadmapItem(actor, input), feedbackChanged(slug));
}

export async function updateRoadmapItemAction(slug: string, id: string, input: UpdateRoadmapItemInput) {
  return runWorkspaceAction(slug, "updateRoadmapItemAction", (actor) => updateRoadmapItem(actor, String(id), input), feedbackChanged(slug));
}

export async function deleteRoadmapItemAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "deleteRoadmapItemAction", (actor) => deleteRoadmapItem(actor, String(id)), feedbackChanged(slug));
}

export async function moveRoadmapItemAction(slug: string, id: string, input: MoveRoadmapItemInput) {
  return runWorkspaceAction(slug, "moveRoadmapItemAction", (actor) => moveRoadmapItem(actor, String(id), input), feedbackChanged(slug));
}

export async function advanceLinkedPostsAction(slug: string, id: string, postIds: string[]) {
  return runWorkspaceAction(slug, "advanceLinkedPostsAction", (actor) => advanceLinkedPosts(actor, String(id), { postIds }), feedbackChanged(slug));
}

export async function linkPostAction(slug: string, postId: string, roadmapItemId: string | null) {
  return runWorkspaceAction(
    slug,
    "linkPostAction",
    (actor) => setPostRoadmapItem(actor, String(postId), roadmapItemId === null ? null : String(roadmapItemId)),
    feedbackChanged(slug),
  );
}

export async function searchPostsAction(slug: string, q: string) {
  return runWorkspaceAction(slug, "searchPostsAction", (actor) => searchPostChoices(actor, q));
}
