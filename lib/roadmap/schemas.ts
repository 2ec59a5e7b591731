import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";
import type { RoadmapStage } from "@/lib/generated/prisma/enums";

export const ROADMAP_STAGES = ["planned", "in_progress", "completed"] as const satisfies readonly RoadmapStage[];

export const listRoadmapQuery = z.strictObject({
  ...pageQuery,
  stage: z.enum(ROADMAP_STAGES, { message: `stage must be one of: ${ROADMAP_STAGES.join(", ")}.` }).optional(),
});

export type ListRoadmapQuery = z.output<typeof listRoadmapQuery>;
