import { changedSince, keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { z } from "zod";
import { idField, timestampField } from "@/lib/platform/core/fields";
import type { Prisma } from "@/lib/generated/prisma/client";
import { INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN } from "./incident-rules";
import { incidentSummaryInclude, incidentSummaryView, publicIncidentUpdateSchema, publicIncidentUpdatesArgs, publicIncidentUpdateView } from "./incident-view";
import type { IncidentsQuery, ListIncidentsQuery } from "./schemas";
import { activeIncidentFilter, resolvedIncidentFilter } from "@/lib/domain/access/visibility";

const NEWEST: SortSpec = { name: "newest", field: "createdAt", direction: "desc", kind: "date" };

const STATE_FILTERS: Record<ListIncidentsQuery["state"], Prisma.IncidentWhereInput> = {
  active: activeIncidentFilter,
  resolved: resolvedIncidentFilter,
  all: {},
};

export async function listIncidents(db: ScopedDb, query: ListIncidentsQuery) {
  const page = keysetArgs(NEWEST, query.cursor, query.limit);
  const rows = await db.incident.findMany({
    where: { AND: [STATE_FILTERS[query.state], changedSince(query.updatedSince), page.where] },
    orderBy: page.orderBy,
    take: page.take,
    include: incidentSummaryInclude,
  });
  return toPage(rows, NEWEST, query.limit, incidentSummaryView);
}

const UPDATES_LIMIT = 50;

/**
 * Incidents in the status page's view, newest first, with their update timeline (newest update
 * first) and affected components. `resolvedWithinDays` narrows resolved ones to a recent window
 * (the status page's 30).
 */
export async function listPublicIncidents(db: ScopedDb, query: IncidentsQuery, options: { resolvedWithinDays?: number } = {}) {
  const page = keysetArgs(NEWEST, query.cursor, query.limit);
  const resolvedSince = options.resolvedWithinDays ? new Date(Date.now() - options.resolvedWithinDays * 24 * 60 * 60 * 1000) : null;
  const state = query.state === "resolved" && resolvedSince ? { AND: [STATE_FILTERS.resolved, { resolvedAt: { gte: resolvedSince } }] } : STATE_FILTERS[query.state];
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
  return toPage(rows, NEWEST, query.limit, (incident) => ({
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
