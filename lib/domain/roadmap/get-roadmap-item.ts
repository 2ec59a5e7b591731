import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedTx } from "@/lib/platform/db/scoped";

export const ROADMAP_ITEM_GONE = "This roadmap item no longer exists: it was deleted, perhaps in another tab. Reload the roadmap.";

export async function getRoadmapItemOrThrow(tx: ScopedTx, id: string) {
  const item = await tx.roadmapItem.findUnique({ where: { id } });
  if (!item) throw new DomainError("NOT_FOUND", ROADMAP_ITEM_GONE);
  return item;
}
