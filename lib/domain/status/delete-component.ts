import { componentView } from "./component-view";
import { recordEvent } from "@/lib/platform/events/record-event";
import { DomainError } from "@/lib/platform/core/errors";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getComponentOrThrow } from "./get-component";
import { activeIncidentFilter } from "@/lib/domain/access/visibility";

/**
 * Deletes a component with its history. Refused while an active incident affects it: the
 * incident would lose a component it reports on, and resolving it could not restore anything. It
 * leaves maintenance windows it was part of (a window left with no component stays, as a notice).
 */
export async function deleteComponent(actor: WorkspaceActor, id: string) {
  authorize(actor, "status.manage", "delete status components");
  await actor.db.$transactionLocked(async (tx) => {
    const component = await getComponentOrThrow(tx, id);
    const active = await tx.incident.findMany({
      where: { ...activeIncidentFilter, components: { some: { componentId: id } } },
      select: { title: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 3,
    });
    if (active.length > 0) {
      throw new DomainError(
        "CONFLICT",
        `“${component.name}” is affected by the active incident ${active.map((incident) => `“${incident.title}”`).join(", ")}. Resolve the incident first, then delete the component.`,
      );
    }
    await tx.statusComponent.deleteMany({ where: { id } });
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "status_component.deleted", data: componentView(component) });
  });
  return { id };
}
