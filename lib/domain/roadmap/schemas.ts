import { z } from "zod";
import { changedPageQuery, pageQuery } from "@/lib/platform/core/pagination";
import { idSchema, safeText } from "@/lib/platform/core/schemas";
import type { RoadmapStage } from "@/lib/generated/prisma/enums";

export const ROADMAP_STAGES = ["planned", "in_progress", "completed"] as const satisfies readonly RoadmapStage[];

export const listRoadmapQuery = z.strictObject({
  ...changedPageQuery,
  stage: z.enum(ROADMAP_STAGES, { message: `stage must be one of: ${ROADMAP_STAGES.join(", ")}.` }).optional(),
});

export type ListRoadmapQuery = z.output<typeof listRoadmapQuery>;

const stage = z.enum(ROADMAP_STAGES, { message: `stage must be one of: ${ROADMAP_STAGES.join(", ")}.` });
const title = safeText({ min: 1, max: 200, label: "Title" });
const description = safeText({ max: 2_000, label: "Description", multiline: true });

export const createRoadmapItemBody = z.strictObject({ title, description: description.default(""), stage: stage.default("planned") });
export const updateRoadmapItemBody = z.strictObject({ title: title.optional(), description: description.optional() });
export const moveRoadmapItemBody = z.strictObject({
  stage,
  // The item it now sits above, or null for the end of the column: an anchor, not an index, so a
  // move means the same thing on the server whatever else changed in the column meanwhile.
  beforeId: idSchema.nullable(),
});

export const linkPostBody = z.strictObject({ postId: idSchema });

export type CreateRoadmapItemInput = z.input<typeof createRoadmapItemBody>;
export type UpdateRoadmapItemInput = z.input<typeof updateRoadmapItemBody>;
export type MoveRoadmapItemInput = z.input<typeof moveRoadmapItemBody>;

// The public list query (/api/public and the portal): unknown parameters are ignored rather than
// refused, since embedders append cache-busters; only the validated values make up a cache key.
export const roadmapQuery = z.object({
  ...pageQuery,
  stage: z.enum(ROADMAP_STAGES, { message: `stage must be one of: ${ROADMAP_STAGES.join(", ")}.` }).optional(),
});
export type RoadmapQuery = z.output<typeof roadmapQuery>;
