import type { FormAction, Resolved } from "@/lib/platform/forms/forms";
import type { RoadmapStage } from "@/lib/generated/prisma/enums";
import type { searchPostChoices } from "@/lib/domain/posts/search-post-choices";
import type { setPostRoadmapItem } from "@/lib/domain/posts/set-post-roadmap-item";
import type { advanceLinkedPosts } from "@/lib/domain/roadmap/advance-linked-posts";
import type { createRoadmapItem } from "@/lib/domain/roadmap/create-roadmap-item";
import type { deleteRoadmapItem } from "@/lib/domain/roadmap/delete-roadmap-item";
import type { moveRoadmapItem } from "@/lib/domain/roadmap/move-roadmap-item";
import type { CreateRoadmapItemInput, MoveRoadmapItemInput, UpdateRoadmapItemInput } from "@/lib/domain/roadmap/schemas";
import type { updateRoadmapItem } from "@/lib/domain/roadmap/update-roadmap-item";

/** The search for posts to link, shared by the roadmap and the changelog editor. */
export type SearchPostsAction = FormAction<[slug: string, q: string], Resolved<typeof searchPostChoices>>;

/** The roadmap page's server actions, handed down by the page (components never import them). */
export interface RoadmapActions {
  createItem: FormAction<[slug: string, input: CreateRoadmapItemInput], Resolved<typeof createRoadmapItem>>;
  updateItem: FormAction<[slug: string, id: string, input: UpdateRoadmapItemInput], Resolved<typeof updateRoadmapItem>>;
  deleteItem: FormAction<[slug: string, id: string], Resolved<typeof deleteRoadmapItem>>;
  moveItem: FormAction<[slug: string, id: string, input: MoveRoadmapItemInput], Resolved<typeof moveRoadmapItem>>;
  advancePosts: FormAction<[slug: string, id: string, postIds: string[]], Resolved<typeof advanceLinkedPosts>>;
  linkPost: FormAction<[slug: string, postId: string, roadmapItemId: string | null], Resolved<typeof setPostRoadmapItem>>;
  searchPosts: SearchPostsAction;
}

/** What the viewer may do on the roadmap, from their role. */
export type RoadmapCan = { manage: boolean; link: boolean; changeStatus: boolean };

export const STAGE_LABELS: Record<RoadmapStage, string> = { planned: "Planned", in_progress: "In progress", completed: "Completed" };
export const STAGE_DOTS: Record<RoadmapStage, string> = { planned: "bg-sky-500", in_progress: "bg-violet-500", completed: "bg-emerald-500" };
