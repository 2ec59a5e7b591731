import { validate } from "@/lib/platform/core/validate";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { roadmapItemViewOf } from "./item-view-of";
import { createRoadmapItemBody, type CreateRoadmapItemInput } from "./schemas";

/** A new item at the bottom of its column. */
export async function createRoadmapItem(actor: WorkspaceActor, input: CreateRoadmapItemInput) {
  authorize(actor, "roadmap.manage", "add roadmap items");
  const body = validate(createRoadmapItemBody, input, "The roadmap item is not valid.");
  // Under the workspace lock, so two items added at once never share a position.
  return actor.db.$transactionLocked(async (tx) => {
    const last = await tx.roadmapItem.aggregate({ where: { stage: body.stage }, _max: { position: true } });
    const item = await tx.roadmapItem.create({
      data: { workspaceId: actor.workspaceId, title: body.title, description: body.description, stage: body.stage, position: (last._max.position ?? -1) + 1 },
    });
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "roadmap_item.created", data: await roadmapItemViewOf(tx, item) });
    return { id: item.id, title: item.title, description: item.description, stage: item.stage, position: item.position };
  });
}
