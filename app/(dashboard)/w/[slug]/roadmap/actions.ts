"use server";

import { afterFeedbackChange, runWorkspaceAction } from "@/lib/dashboard/workspace-action";
import { searchPostChoices } from "@/lib/posts/search-post-choices";
import { setPostRoadmapItem } from "@/lib/posts/set-post-roadmap-item";
import { advanceLinkedPosts } from "@/lib/roadmap/advance-linked-posts";
import { createRoadmapItem } from "@/lib/roadmap/create-roadmap-item";
import { deleteRoadmapItem } from "@/lib/roadmap/delete-roadmap-item";
import { moveRoadmapItem } from "@/lib/roadmap/move-roadmap-item";
import type { CreateRoadmapItemInput, MoveRoadmapItemInput, UpdateRoadmapItemInput } from "@/lib/roadmap/schemas";
import { updateRoadmapItem } from "@/lib/roadmap/update-roadmap-item";

// The roadmap page's server actions: each is the domain function of the same name, which checks
// the role itself (roadmap.manage for items, posts.linkRoadmap and posts.changeStatus for posts).
// A change re-renders the workspace's pages and drops the portal's cached answers, so the public
// roadmap follows at once.

async function withRefresh<T>(slug: string, result: Promise<T & { ok: boolean }>) {
  const answer = await result;
  if (answer.ok) afterFeedbackChange(slug);
  return answer;
}

export async function createRoadmapItemAction(slug: string, input: CreateRoadmapItemInput) {
  return withRefresh(slug, runWorkspaceAction(slug, "createRoadmapItemAction", (actor) => createRoadmapItem(actor, input)));
}

export async function updateRoadmapItemAction(slug: string, id: string, input: UpdateRoadmapItemInput) {
  return withRefresh(slug, runWorkspaceAction(slug, "updateRoadmapItemAction", (actor) => updateRoadmapItem(actor, String(id), input)));
}

export async function deleteRoadmapItemAction(slug: string, id: string) {
  return withRefresh(slug, runWorkspaceAction(slug, "deleteRoadmapItemAction", (actor) => deleteRoadmapItem(actor, String(id))));
}

export async function moveRoadmapItemAction(slug: string, id: string, input: MoveRoadmapItemInput) {
  return withRefresh(slug, runWorkspaceAction(slug, "moveRoadmapItemAction", (actor) => moveRoadmapItem(actor, String(id), input)));
}

export async function advanceLinkedPostsAction(slug: string, id: string, postIds: string[]) {
  return withRefresh(slug, runWorkspaceAction(slug, "advanceLinkedPostsAction", (actor) => advanceLinkedPosts(actor, String(id), { postIds })));
}

export async function linkPostAction(slug: string, postId: string, roadmapItemId: string | null) {
  return withRefresh(
    slug,
    runWorkspaceAction(slug, "linkPostAction", (actor) => setPostRoadmapItem(actor, String(postId), roadmapItemId === null ? null : String(roadmapItemId))),
  );
}

export async function searchPostsAction(slug: string, q: string) {
  return runWorkspaceAction(slug, "searchPostsAction", (actor) => searchPostChoices(actor, q));
}
