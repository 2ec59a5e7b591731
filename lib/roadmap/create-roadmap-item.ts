import { validate } from "@/lib/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/workspaces/actor";
import { createRoadmapItemBody, type CreateRoadmapItemInput } from "./schemas";

/** A new item at the bottom of its column. */
export async function createRoadmapItem(actor: WorkspaceActor, input: CreateRoadmapItemInput) {
  authorize(actor, "roadmap.manage", "add roadmap items");
  const body = validate(createRoadmapItemBody, input, "The roadmap item is not valid.");
  // Under the workspace lock, so two items added at once never share a position.
  return actor.db.$transactionLocked(async (tx) => {
    const last = await tx.roadmapItem.aggregate({ where: { stage: body.stage }, _max: { position: true } });
    return tx.roadmapItem.create({
      data: { workspaceId: actor.workspaceId, title: body.title, description: body.description, stage: body.stage, position: (last._max.position ?? -1) + 1 },
      select: { id: true, title: true, description: true, stage: true, position: true },
    });
  });
}
