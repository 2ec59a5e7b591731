import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getRoadmapItemOrThrow } from "./get-roadmap-item";
import { roadmapItemViewOf } from "./item-view-of";
import { linkedPostsToAdvance } from "./linked-posts-to-advance";
import { columnIds, writeColumn } from "./renumber";
import { moveRoadmapItemBody, type MoveRoadmapItemInput } from "./schemas";

/**
 * Moves an item within its column or to another one, just above `beforeId` (or to the bottom).
 * Runs under the workspace lock, reading the columns afresh: moves from two tabs apply one after
 * the other to the current order, and every column is renumbered 0…n-1, so whatever the
 * interleaving the board ends in one order with no ties or gaps. An item or anchor deleted
 * meanwhile is refused with a message that says so, and nothing moves.
 *
 * A move to another stage answers with the linked posts whose status could follow it (status rules
 * allows the step); the caller offers that, it is never done here.
 */
export async function moveRoadmapItem(actor: WorkspaceActor, id: string, input: MoveRoadmapItemInput) {
  authorize(actor, "roadmap.manage", "reorder the roadmap");
  const body = validate(moveRoadmapItemBody, input, "The move is not valid.");
  if (body.beforeId === id) throw new DomainError("VALIDATION_ERROR", "The move is not valid.", [{ path: "beforeId", message: "An item cannot be placed above itself.", code: "invalid_value" }]);
  const moved = await actor.db.$transactionLocked(async (tx) => {
    const item = await getRoadmapItemOrThrow(tx, id);
    const target = (await columnIds(tx, body.stage)).filter((other) => other !== id);
    let index = target.length;
    if (body.beforeId !== null) {
      index = target.indexOf(body.beforeId);
      if (index === -1) {
        throw new DomainError("CONFLICT", "The item you dropped it next to was deleted or moved in another tab. The roadmap shows the current order now; try again.", [
          { path: "beforeId", message: "That neighbour is no longer in this column.", code: "stale" },
        ]);
      }
    }
    target.splice(index, 0, id);
    await writeColumn(tx, body.stage, target);
    if (item.stage !== body.stage) await writeColumn(tx, item.stage, (await columnIds(tx, item.stage)).filter((other) => other !== id));
    const after = await getRoadmapItemOrThrow(tx, id);
    const previous = await roadmapItemViewOf(tx, item);
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "roadmap_item.updated", data: await roadmapItemViewOf(tx, after), previous });
    return { id, title: item.title, stage: body.stage, previousStage: item.stage, position: index };
  });
  const offer = moved.stage === moved.previousStage ? null : await linkedPostsToAdvance(actor.db, id, moved.stage);
  return { ...moved, offer };
}
