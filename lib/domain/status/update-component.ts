import { recordEvent } from "@/lib/platform/events/record-event";
import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { componentView } from "./component-view";
import { getComponentOrThrow } from "./get-component";
import { updateComponentBody, type UpdateComponentBody } from "./schemas";

/** Renames and re-describes a component; its status and history stay as they are. */
export async function updateComponent(actor: WorkspaceActor, id: string, input: UpdateComponentBody) {
  authorize(actor, "status.manage", "edit status components");
  const body = validate(updateComponentBody, input, "The component is not valid.");
  return actor.db.$transaction(async (tx) => {
    const before = componentView(await getComponentOrThrow(tx, id));
    await tx.statusComponent.updateMany({ where: { id }, data: { name: body.name, description: body.description } });
    const after = componentView(await getComponentOrThrow(tx, id));
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "status_component.updated", data: after, previous: before });
    return after;
  });
}
