import type * as actions from "@/app/(dashboard)/w/[slug]/roadmap/actions";
import type { RoadmapStage } from "@/lib/generated/prisma/enums";

/** The roadmap page's server actions, handed down by the page (components never import them). */
export interface RoadmapActions {
  createItem: typeof actions.createRoadmapItemAction;
  updateItem: typeof actions.updateRoadmapItemAction;
  deleteItem: typeof actions.deleteRoadmapItemAction;
  moveItem: typeof actions.moveRoadmapItemAction;
  advancePosts: typeof actions.advanceLinkedPostsAction;
  linkPost: typeof actions.linkPostAction;
  searchPosts: typeof actions.searchPostsAction;
}

export const STAGE_LABELS: Record<RoadmapStage, string> = { planned: "Planned", in_progress: "In progress", completed: "Completed" };
export const STAGE_DOTS: Record<RoadmapStage, string> = { planned: "bg-sky-500", in_progress: "bg-violet-500", completed: "bg-emerald-500" };
