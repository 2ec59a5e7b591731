import { recordEvent } from "@/lib/platform/events/record-event";
import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { reorderComponentsBody, type ReorderComponentsBody } from "./schemas";

/**
 * Puts the components in the given order (positions 0, 1, 2, …). The request names every
 * component, so a list that changed meanwhile (one added or deleted in another tab) is refused
 * rather than half-applied; under the workspace lock two reorders run one after the other and the
 * last one wins whole.
 */
export async function reorderComponents(actor: WorkspaceActor, input: ReorderComponentsBody) {
  authorize(actor, "status.manage", "reorder status components");
  const { ids } = validate(reorderComponentsBody, input, "The order is not valid.");
  await actor.db.$transactionLocked(async (tx) => {
    const current = await tx.statusComponent.findMany({ select: { id: true, position: true } });
    const known = new Set(current.map((component) => component.id));
    if (current.length !== ids.length || ids.some((id) => !known.has(id))) {
      throw new DomainError("CONFLICT", "The components changed in another tab or by someone else. Reload the page and reorder again.");
    }
    const positionOf = new Map(current.map((component) => [component.id, component.position]));
    for (const [position, id] of ids.entries()) {
      if (positionOf.get(id) !== position) await tx.statusComponent.updateMany({ where: { id }, data: { position } });
    }
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "status_component.reordered", data: { ids } });
  });
  return { ids };
}
