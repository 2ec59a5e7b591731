import { z } from "zod";
import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import { idField, timestampField } from "@/lib/core/fields";
import type { ScopedDb } from "@/lib/db/scoped";
import { INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN } from "@/lib/status/incident-rules";
import type { IncidentsQuery } from "./schemas";
import { publicIncidentUpdateSchema, publicIncidentUpdatesArgs, publicIncidentUpdateView } from "@/lib/status/incident-view";
import { activeIncidentFilter, resolvedIncidentFilter } from "@/lib/visibility";

const INCIDENT_SORT: SortSpec = { name: "newest", field: "createdAt", direction: "desc", kind: "date" };
const UPDATES_LIMIT = 50;

/**
 * Incidents newest first with their update timeline (newest update first) and affected
 * components. `resolvedWithinDays` narrows resolved ones to a recent window (the status page's 30).
 */
export async function listPublicIncidents(db: ScopedDb, query: IncidentsQuery, options: { resolvedWithinDays?: number } = {}) {
  const page = keysetArgs(INCIDENT_SORT, query.cursor, query.limit);
  const resolvedSince = options.resolvedWithinDays ? new Date(Date.now() - options.resolvedWithinDays * 24 * 60 * 60 * 1000) : null;
  const state =
    query.state === "active"
      ? activeIncidentFilter
      : query.state === "resolved"
        ? { AND: [resolvedIncidentFilter, resolvedSince ? { resolvedAt: { gte: resolvedSince } } : {}] }
        : {};
  const rows = await db.incident.findMany({
    where: { AND: [state, page.where] },
    orderBy: page.orderBy,
    take: page.take,
    select: {
      id: true,
      title: true,
      status: true,
      impact: true,
      createdAt: true,
      updatedAt: true,
      resolvedAt: true,
      updates: publicIncidentUpdatesArgs(db.workspaceId, UPDATES_LIMIT),
      components: {
        where: { workspaceId: db.workspaceId },
        select: { component: { select: { id: true, name: true } } },
      },
    },
  });
  return toPage(rows, INCIDENT_SORT, query.limit, (incident) => ({
    id: incident.id,
    title: incident.title,
    status: incident.status,
    impact: incident.impact,
    components: incident.components.map((link) => link.component),
    updates: incident.updates.map(publicIncidentUpdateView),
    createdAt: incident.createdAt.toISOString(),
    updatedAt: incident.updatedAt.toISOString(),
    resolvedAt: incident.resolvedAt?.toISOString() ?? null,
  }));
}
export const publicIncidentSchema = z
  .strictObject({
    id: idField,
    title: z.string(),
    status: z.enum(INCIDENT_STATUS_CHAIN),
    impact: z.enum(INCIDENT_IMPACTS),
    components: z.array(z.strictObject({ id: idField, name: z.string() })),
    updates: z.array(publicIncidentUpdateSchema).meta({ description: `The timeline, newest first (at most ${UPDATES_LIMIT}).` }),
    createdAt: timestampField,
    updatedAt: timestampField,
    resolvedAt: timestampField.nullable(),
  })
  .meta({ id: "PublicIncident" });

export type PublicIncident = Awaited<ReturnType<typeof listPublicIncidents>>["data"][number];
