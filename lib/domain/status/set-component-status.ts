import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { componentView } from "./component-view";
import { getComponentOrThrow } from "./get-component";
import { setComponentStatusBody, type SetComponentStatusBody } from "./schemas";
import { setComponentStatuses } from "./set-component-statuses";

/**
 * Sets a component's status by hand (a status change without an incident, as Statuspage allows).
 * Under the workspace lock, like incident writes, so it cannot interleave with one; an incident
 * that resolves later still restores the status it found when it opened.
 */
export async function setComponentStatus(actor: WorkspaceActor, id: string, input: SetComponentStatusBody) {
  authorize(actor, "status.manage", "set component statuses");
  const { status } = validate(setComponentStatusBody, input, "The status is not valid.");
  return actor.db.$transactionLocked(async (tx) => {
    await getComponentOrThrow(tx, id);
    await setComponentStatuses(tx, actor.workspaceId, [{ id, status }], new Date());
    return componentView(await getComponentOrThrow(tx, id));
  });
}
