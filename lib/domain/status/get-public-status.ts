import { z } from "zod";
import { idField, timestampField } from "@/lib/platform/core/fields";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { publicComponentSchema, publicComponentView } from "./component-view";
import { COMPONENT_STATUSES, INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN } from "./incident-rules";
import { publicIncidentUpdateSchema, publicIncidentUpdatesArgs, publicIncidentUpdateView } from "./incident-view";
import { loadCheckUptime, withCheckPercent } from "./check-uptime";
import { loadUptimeRows } from "./load-uptime-rows";
import { loadMaintenances, scheduleOf, withMaintenance, type MaintenanceView } from "./maintenance-schedule";
import { INDICATOR_LABELS, INDICATORS, overallIndicator } from "./overall-indicator";
import { computeUptime, uptimeWindowStart, utcMidnight, type ComponentUptime } from "./uptime";
import { activeIncidentFilter } from "@/lib/domain/access/visibility";

const COMPONENTS_LIMIT = 200;
const ACTIVE_INCIDENTS_LIMIT = 50;

function publicMaintenanceView(view: MaintenanceView) {
  return {
    id: view.id,
    title: view.title,
    message: view.message,
    state: view.state,
    startsAt: view.startsAt,
    endsAt: view.endsAt,
    componentIds: view.components.map((component) => component.id),
  };
}

/**
 * The status page in one answer: the overall indicator (lib/domain/status/overall-indicator.ts), the
 * components as they read at `now` (a running maintenance window shows), the active incidents
 * with their latest update, the maintenance windows running or ahead, and when any of it last
 * changed. With `history`, each component also carries its 90-day uptime (lib/domain/status/uptime.ts).
 *
 * `validUntil` is the next maintenance start or end: from then on this answer is wrong, so no
 * cache may keep it longer (lib/surfaces/public-api/define-public-route.ts). Everyone sees the same status page, so
 * it takes no audience.
 */
export async function getPublicStatus(db: ScopedDb, { history = false, now = new Date() }: { history?: boolean; now?: Date } = {}) {
  const [components, incidents, lastIncidentChange, lastUpdate, maintenances, uptimeRows, checkUptime] = await Promise.all([
    db.statusComponent.findMany({
      orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
      take: COMPONENTS_LIMIT,
      select: { id: true, name: true, description: true, status: true, createdAt: true, updatedAt: true },
    }),
    db.incident.findMany({
      where: activeIncidentFilter,
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
    // The history needs the windows of the last 90 days too; the schedule only those not over.
    loadMaintenances(db, db.workspaceId, history ? uptimeWindowStart(now) : now),
    history ? loadUptimeRows(db, now) : null,
    history ? loadCheckUptime(db.workspaceId, uptimeWindowStart(now), new Date(utcMidnight(now))) : null,
  ]);

  const schedule = scheduleOf(maintenances, now);
  const live = withMaintenance(components, schedule);
  const indicator = overallIndicator(live, incidents);
  const uptime = uptimeRows
    ? computeUptime({
        now,
        components,
        ...uptimeRows,
        maintenances: maintenances.map((window) => ({ ...window, componentIds: window.components.map((component) => component.id) })),
      })
    : null;

  // A window starting or ending changes what the page says as surely as an edit does.
  const passedEdges = maintenances.flatMap((window) => [window.startsAt, window.endsAt, window.updatedAt]).filter((edge) => edge <= now);
  const changes = [
    ...components.map((component) => component.updatedAt),
    lastIncidentChange._max.updatedAt,
    lastIncidentChange._max.resolvedAt,
    lastUpdate._max.createdAt,
    ...passedEdges,
  ].filter((date): date is Date => date instanceof Date);
  const updatedAt = changes.length ? new Date(Math.max(...changes.map((date) => date.getTime()))).toISOString() : null;

  const data = {
    indicator,
    description: INDICATOR_LABELS[indicator],
    components: live.map((component) => withUptime(publicComponentView(component), withCheckPercent(uptime?.get(component.id), checkUptime?.get(component.id)))),
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
    maintenances: [...schedule.inProgress, ...schedule.upcoming].map(publicMaintenanceView),
    updatedAt,
  };
  return { data, validUntil: schedule.validUntil };
}

function withUptime<T extends object>(view: T, uptime: ComponentUptime | undefined): T & { uptime?: ComponentUptime } {
  return uptime ? { ...view, uptime } : view;
}

export type PublicStatus = Awaited<ReturnType<typeof getPublicStatus>>["data"];
export type PublicStatusComponent = PublicStatus["components"][number];
export type PublicMaintenance = PublicStatus["maintenances"][number];

export const publicStatusSchema = z
  .strictObject({
    indicator: z.enum(INDICATORS).meta({ description: "The worst of the components' statuses and the active incidents' impacts (README: Status indicator)." }),
    description: z.string().meta({ example: "All systems operational" }),
    components: z.array(
      publicComponentSchema.extend({
        uptime: z
          .strictObject({
            percent: z.number().min(0).max(100).nullable().meta({ description: "Uptime over the days shown, two decimals rounded down; maintenance is not downtime." }),
            days: z.array(
              z.strictObject({
                date: z.string().meta({ description: "The UTC day, YYYY-MM-DD.", example: "2026-11-22" }),
                state: z.enum(COMPONENT_STATUSES).meta({ description: "The worst state the component was in that day." }),
                partialOutageMinutes: z.number().int().min(0),
                majorOutageMinutes: z.number().int().min(0),
                incidents: z.array(z.strictObject({ id: idField, title: z.string(), impact: z.enum(INCIDENT_IMPACTS) })),
                maintenances: z.array(z.strictObject({ id: idField, title: z.string() })),
              }),
            ),
          })
          .optional()
          .meta({ description: "The last 90 days (fewer for a newer component), oldest first." }),
      }),
    ),
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
    maintenances: z.array(
      z.strictObject({
        id: idField,
        title: z.string(),
        message: z.string(),
        state: z.enum(["in_progress", "upcoming"]),
        startsAt: timestampField,
        endsAt: timestampField,
        componentIds: z.array(idField),
      }),
    ),
    updatedAt: timestampField.nullable().meta({ description: "When anything on the status page last changed." }),
  })
  .meta({ id: "PublicStatus" });
