import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { ROADMAP_ITEM_GONE } from "./get-roadmap-item";
import { roadmapItemViewOf } from "./item-view-of";
import { updateRoadmapItemBody, type UpdateRoadmapItemInput } from "./schemas";

/** Renames or re-describes an item; its place on the board changes only by moving it. */
export async function updateRoadmapItem(actor: WorkspaceActor, id: string, input: UpdateRoadmapItemInput) {
  authorize(actor, "roadmap.manage", "edit roadmap items");
  const body = validate(updateRoadmapItemBody, input, "The roadmap item is not valid.");
  return actor.db.$transaction(async (tx) => {
    const before = await tx.roadmapItem.findUnique({ where: { id } });
    const { count } = await tx.roadmapItem.updateMany({ where: { id }, data: body });
    const after = await tx.roadmapItem.findUnique({ where: { id } });
    if (count === 0 || !before || !after) throw new DomainError("NOT_FOUND", ROADMAP_ITEM_GONE);
    const previous = await roadmapItemViewOf(tx, before);
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "roadmap_item.updated", data: await roadmapItemViewOf(tx, after), previous });
    return { id, ...body };
  });
}
