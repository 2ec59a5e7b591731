import { z } from "zod";
import { idField, timestampField } from "@/lib/platform/core/fields";
import { COMPONENT_STATUSES, INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN } from "./incident-rules";
import type { Incident, IncidentUpdate, Prisma } from "@/lib/generated/prisma/client";

// Affected components read in status-page order, so componentIds and components agree.
const byComponentOrder = [{ component: { position: "asc" } }, { componentId: "asc" }] satisfies Prisma.IncidentComponentOrderByWithRelationInput[];

/** What a list row needs: the affected component ids and only the newest update. */
export const incidentSummaryInclude = {
  components: { select: { componentId: true }, orderBy: byComponentOrder },
  updates: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 },
} satisfies Prisma.IncidentInclude;

/** One incident in full: every update oldest first, and each affected component as it is now. */
export const incidentDetailInclude = {
  components: { select: { componentId: true, component: { select: { id: true, name: true, status: true } } }, orderBy: byComponentOrder },
  updates: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.IncidentInclude;

type SummaryRow = Prisma.IncidentGetPayload<{ include: typeof incidentSummaryInclude }>;
type DetailRow = Prisma.IncidentGetPayload<{ include: typeof incidentDetailInclude }>;

function updateView(update: IncidentUpdate) {
  return { status: update.status, impact: update.impact, message: update.message, createdAt: update.createdAt.toISOString() };
}

function baseView(incident: Incident, componentIds: string[], latest: IncidentUpdate | undefined) {
  return {
    id: incident.id,
    title: incident.title,
    status: incident.status,
    impact: incident.impact,
    resolvedAt: incident.resolvedAt?.toISOString() ?? null,
    createdAt: incident.createdAt.toISOString(),
    updatedAt: incident.updatedAt.toISOString(),
    componentIds,
    latestUpdate: latest ? updateView(latest) : null,
  };
}

export function incidentSummaryView(incident: SummaryRow) {
  return baseView(
    incident,
    incident.components.map((link) => link.componentId),
    incident.updates[0],
  );
}

/** The list row's fields plus the timeline and the affected components. */
export function incidentDetailView(incident: DetailRow) {
  return {
    ...baseView(
      incident,
      incident.components.map((link) => link.componentId),
      incident.updates.at(-1),
    ),
    updates: incident.updates.map((update) => ({ id: update.id, ...updateView(update) })),
    components: incident.components.map((link) => link.component),
  };
}

const incidentUpdateFields = {
  status: z.enum(INCIDENT_STATUS_CHAIN),
  impact: z.enum(INCIDENT_IMPACTS),
  message: z.string(),
  createdAt: timestampField,
};

const incidentShape = {
  id: idField,
  title: z.string(),
  status: z.enum(INCIDENT_STATUS_CHAIN),
  impact: z.enum(INCIDENT_IMPACTS),
  resolvedAt: timestampField.nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
  componentIds: z.array(idField).meta({ description: "Affected components, in status-page order." }),
  latestUpdate: z.strictObject(incidentUpdateFields).nullable(),
};

export const incidentSchema = z.strictObject(incidentShape).meta({ id: "Incident" });

export const incidentDetailSchema = z
  .strictObject({
    ...incidentShape,
    updates: z.array(z.strictObject({ id: idField, ...incidentUpdateFields })).meta({ description: "The timeline, oldest first." }),
    components: z.array(z.strictObject({ id: idField, name: z.string(), status: z.enum(COMPONENT_STATUSES) })),
  })
  .meta({ id: "IncidentDetail" });

/**
 * An incident's updates as the status page shows them, newest first: the nested read for `updates`.
 * Nested relations are not fenced by the scoped accessor, so the workspace is named here (the
 * foreign keys already keep an incident's updates in its workspace; this keeps the query honest).
 */
export function publicIncidentUpdatesArgs(workspaceId: string, take: number) {
  return {
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }],
    take,
    select: { id: true, status: true, impact: true, message: true, createdAt: true },
  };
}

export function publicIncidentUpdateView(update: Pick<IncidentUpdate, "id" | "status" | "impact" | "message" | "createdAt">) {
  return { id: update.id, status: update.status, impact: update.impact, message: update.message, createdAt: update.createdAt.toISOString() };
}

export const publicIncidentUpdateSchema = z.strictObject({
  id: idField,
  status: z.enum(INCIDENT_STATUS_CHAIN),
  impact: z.enum(INCIDENT_IMPACTS),
  message: z.string(),
  createdAt: timestampField,
});
