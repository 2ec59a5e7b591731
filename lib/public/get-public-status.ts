import { z } from "zod";
import { idField, timestampField } from "@/lib/api/response-schemas";
import type { ScopedDb } from "@/lib/db/scoped";
import { INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN } from "@/lib/status/incident-rules";
import { INDICATOR_LABELS, INDICATORS, overallIndicator } from "@/lib/status/overall-indicator";
import { publicComponentSchema, publicComponentView, publicIncidentUpdateSchema, publicIncidentUpdatesArgs, publicIncidentUpdateView } from "./views";

const COMPONENTS_LIMIT = 200;
const ACTIVE_INCIDENTS_LIMIT = 50;

/** An incident is active until it is resolved. */
export const ACTIVE_INCIDENT = { resolvedAt: null, status: { not: "resolved" as const } };

/**
 * The status page in one answer: the overall indicator (lib/status/overall-indicator.ts), the
 * components, the active incidents with their latest update, and when any of it last changed.
 */
export async function getPublicStatus(db: ScopedDb) {
  const [components, incidents, lastIncidentChange, lastUpdate] = await Promise.all([
    db.statusComponent.findMany({
      orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
      take: COMPONENTS_LIMIT,
      select: { id: true, name: true, description: true, status: true, updatedAt: true },
    }),
    db.incident.findMany({
      where: ACTIVE_INCIDENT,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: ACTIVE_INCIDENTS_LIMIT,
      select: {
        id: true,
        title: true,
        status: true,
        impact: true,
        createdAt: true,
        updatedAt: true,
        updates: publicIncidentUpdatesArgs(db.workspaceId, 1),
        components: { where: { workspaceId: db.workspaceId }, select: { componentId: true } },
      },
    }),
    db.incident.aggregate({ _max: { updatedAt: true, resolvedAt: true } }),
    db.incidentUpdate.aggregate({ _max: { createdAt: true } }),
  ]);

  const indicator = overallIndicator(components, incidents);
  const changes = [
    ...components.map((component) => component.updatedAt),
    lastIncidentChange._max.updatedAt,
    lastIncidentChange._max.resolvedAt,
    lastUpdate._max.createdAt,
  ].filter((date): date is Date => date instanceof Date);
  const updatedAt = changes.length ? new Date(Math.max(...changes.map((date) => date.getTime()))).toISOString() : null;

  return {
    indicator,
    description: INDICATOR_LABELS[indicator],
    components: components.map(publicComponentView),
    activeIncidents: incidents.map((incident) => ({
      id: incident.id,
      title: incident.title,
      status: incident.status,
      impact: incident.impact,
      componentIds: incident.components.map((link) => link.componentId),
      latestUpdate: incident.updates[0] ? publicIncidentUpdateView(incident.updates[0]) : null,
      createdAt: incident.createdAt.toISOString(),
      updatedAt: incident.updatedAt.toISOString(),
    })),
    updatedAt,
  };
}
export type PublicStatus = Awaited<ReturnType<typeof getPublicStatus>>;

export const publicStatusSchema = z
  .strictObject({
    indicator: z.enum(INDICATORS).meta({ description: "The worst of the components' statuses and the active incidents' impacts (README: Status indicator)." }),
    description: z.string().meta({ example: "All systems operational" }),
    components: z.array(publicComponentSchema),
    activeIncidents: z.array(
      z.strictObject({
        id: idField,
        title: z.string(),
        status: z.enum(INCIDENT_STATUS_CHAIN),
        impact: z.enum(INCIDENT_IMPACTS),
        componentIds: z.array(idField),
        latestUpdate: publicIncidentUpdateSchema.nullable(),
        createdAt: timestampField,
        updatedAt: timestampField,
      }),
    ),
    updatedAt: timestampField.nullable().meta({ description: "When anything on the status page last changed." }),
  })
  .meta({ id: "PublicStatus" });
