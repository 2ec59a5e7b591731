import type { ScopedDb } from "@/lib/platform/db/scoped";
import { getRoadmapItemOrThrow } from "./get-roadmap-item";
import { roadmapItemViewOf } from "./item-view-of";

/** One roadmap item as the API lists it, with its linked posts; 404 when it does not exist here. */
export function getRoadmapItemView(db: ScopedDb, id: string) {
  return db.$transaction(async (tx) => roadmapItemViewOf(tx, await getRoadmapItemOrThrow(tx, id)));
}
