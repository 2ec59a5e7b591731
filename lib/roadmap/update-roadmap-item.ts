import { DomainError } from "@/lib/core/errors";
import { validate } from "@/lib/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/workspaces/actor";
import { ROADMAP_ITEM_GONE } from "./get-roadmap-item";
import { updateRoadmapItemBody, type UpdateRoadmapItemInput } from "./schemas";

/** Renames or re-describes an item; its place on the board changes only by moving it. */
export async function updateRoadmapItem(actor: WorkspaceActor, id: string, input: UpdateRoadmapItemInput) {
  authorize(actor, "roadmap.manage", "edit roadmap items");
  const body = validate(updateRoadmapItemBody, input, "The roadmap item is not valid.");
  const { count } = await actor.db.roadmapItem.updateMany({ where: { id }, data: body });
  if (count === 0) throw new DomainError("NOT_FOUND", ROADMAP_ITEM_GONE);
  return { id, ...body };
}
