import type { RoadmapStage } from "@/lib/generated/prisma/enums";

/** What the viewer may do on the roadmap, from their role. */
export type RoadmapCan = { manage: boolean; link: boolean; changeStatus: boolean };

export const STAGE_LABELS: Record<RoadmapStage, string> = { planned: "Planned", in_progress: "In progress", completed: "Completed" };
export const STAGE_DOTS: Record<RoadmapStage, string> = { planned: "bg-sky-500", in_progress: "bg-violet-500", completed: "bg-emerald-500" };
