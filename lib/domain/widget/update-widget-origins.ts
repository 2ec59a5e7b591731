import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { rethrowGone } from "@/lib/domain/branding/branding-view";
import { parseOriginList } from "./allowed-origins";

/** Replaces the sites allowed to show the widget (admins and owners); answers the stored, normalised list. */
export async function updateWidgetOrigins(actor: WorkspaceActor, input: { origins: unknown }): Promise<{ origins: string[] }> {
  authorize(actor, "settings.manage", "change where the widget may run");
  const entries = Array.isArray(input.origins) ? input.origins : null;
  if (!entries || !entries.every((entry): entry is string => typeof entry === "string")) {
    throw new DomainError("VALIDATION_ERROR", "The allowed origins must be a list of text.", [{ path: "origins", message: "Expected a list of origins.", code: "invalid_type" }]);
  }
  const parsed = parseOriginList(entries.filter((entry) => entry.trim() !== ""));
  if (!parsed.ok) {
    throw new DomainError("VALIDATION_ERROR", parsed.problems[0]!.problem, parsed.problems.map(({ index, problem }) => ({ path: `origins.${index}`, message: problem, code: "invalid_origin" })));
  }
  // Workspace is the tenant itself, reached by the actor's own id.
  const row = await db.workspace.update({ where: { id: actor.workspaceId }, data: { widgetOrigins: parsed.origins }, select: { widgetOrigins: true } }).catch(rethrowGone);
  return { origins: row.widgetOrigins };
}
