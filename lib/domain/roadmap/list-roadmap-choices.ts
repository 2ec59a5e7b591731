import type { ScopedDb } from "@/lib/platform/db/scoped";

export const ROADMAP_CHOICES_CAP = 500;

/** Roadmap items to link a post to, by stage then position (the post page's picker). */
export async function listRoadmapChoices(db: ScopedDb) {
  return db.roadmapItem.findMany({
    orderBy: [{ stage: "asc" }, { position: "asc" }, { id: "asc" }],
    take: ROADMAP_CHOICES_CAP,
    select: { id: true, title: true, stage: true },
  });
}
