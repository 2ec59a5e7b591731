import { recordEvent } from "@/lib/platform/events/record-event";
import { validate } from "@/lib/platform/core/validate";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { componentView } from "./component-view";
import { createComponentBody, type CreateComponentBody } from "./schemas";

/** A new component at the end of the status page, within the plan's component limit. */
export async function createComponent(actor: WorkspaceActor, input: CreateComponentBody) {
  authorize(actor, "status.manage", "add status components");
  const body = validate(createComponentBody, input, "The component is not valid.");
  return createWithinPlanLimit(actor.db, "statusComponents", async (tx) => {
    const last = await tx.statusComponent.aggregate({ _max: { position: true } });
    const component = componentView(
      await tx.statusComponent.create({
        data: { workspaceId: actor.workspaceId, name: body.name, description: body.description, position: (last._max.position ?? -1) + 1 },
      }),
    );
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "status_component.created", data: component });
    return component;
  });
}
