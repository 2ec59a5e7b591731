import { DomainError } from "@/lib/platform/core/errors";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { ROADMAP_ITEM_GONE } from "./get-roadmap-item";
import { roadmapItemViewOf } from "./item-view-of";
import { columnIds, writeColumn } from "./renumber";

/** Deletes an item; its linked posts stay, unlinked (the foreign key sets them null). */
export async function deleteRoadmapItem(actor: WorkspaceActor, id: string) {
  authorize(actor, "roadmap.manage", "delete roadmap items");
  return actor.db.$transactionLocked(async (tx) => {
    const item = await tx.roadmapItem.findUnique({ where: { id } });
    if (!item) throw new DomainError("NOT_FOUND", ROADMAP_ITEM_GONE);
    const data = await roadmapItemViewOf(tx, item);
    await tx.roadmapItem.deleteMany({ where: { id } });
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "roadmap_item.deleted", data });
    // Close the gap, so positions stay 0…n-1 and the API's `position` reads as a rank.
    await writeColumn(tx, item.stage, await columnIds(tx, item.stage));
    return { id };
  });
}
