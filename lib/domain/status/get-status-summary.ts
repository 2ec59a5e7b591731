import { z } from "zod";
import { idField, positionField, timestampField } from "@/lib/platform/core/fields";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { PublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";
import { getPublicStatus } from "./get-public-status";
import { COMPONENT_STATUSES, INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN } from "./incident-rules";
import { listPublicIncidents } from "./list-incidents";
import { getMaintenanceSchedule, withMaintenance, type MaintenanceView } from "./maintenance-schedule";
import type { Indicator } from "./overall-indicator";

// The status page in Atlassian Statuspage's v2 summary shape (`/api/v2/summary.json`), so the
// aggregators, widgets and monitors written for Statuspage read ours unchanged. The page id is the
// workspace slug (the public surface shows no internal workspace id).

/** Statuspage's indicator and wording for each of ours (lib/domain/status/overall-indicator.ts). */
export const STATUSPAGE_STATUS: Record<Indicator, { indicator: "none" | "minor" | "major" | "critical" | "maintenance"; description: string }> = {
  operational: { indicator: "none", description: "All Systems Operational" },
  degraded: { indicator: "minor", description: "Minor Service Outage" },
  partial_outage: { indicator: "major", description: "Partial System Outage" },
  major_outage: { indicator: "critical", description: "Major System Outage" },
  maintenance: { indicator: "maintenance", description: "Service Under Maintenance" },
};

const ACTIVE_INCIDENTS_LIMIT = 100;

/**
 * The summary, and the next maintenance start or end after which it is wrong (its `validUntil`).
 * Components read as they are now: a running window shows them `under_maintenance`.
 */
export async function getStatusSummary(db: ScopedDb, workspace: PublishedWorkspace, origin: string, now = new Date()) {
  const url = `${origin}/p/${workspace.slug}/status`;
  const page = { id: workspace.slug, url };
  const [{ data: status }, rows, incidents, schedule] = await Promise.all([
    getPublicStatus(db, { now }),
    db.statusComponent.findMany({
      orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
      select: { id: true, name: true, description: true, status: true, position: true, createdAt: true, updatedAt: true },
    }),
    listPublicIncidents(db, { state: "active", limit: ACTIVE_INCIDENTS_LIMIT, cursor: undefined }),
    getMaintenanceSchedule(db, db.workspaceId, now),
  ]);
  const components = withMaintenance(rows, schedule);
  const componentViews = components.map((component, index) => ({
    id: component.id,
    name: component.name,
    status: component.status,
    created_at: component.createdAt.toISOString(),
    updated_at: component.updatedAt.toISOString(),
    position: index + 1,
    description: component.description || null,
    showcase: true,
    start_date: null,
    group_id: null,
    page_id: page.id,
    group: false,
    only_show_if_degraded: false,
  }));
  const byId = new Map(componentViews.map((component) => [component.id, component]));

  const summary = {
    page: { id: page.id, name: workspace.name, url, time_zone: "Etc/UTC", updated_at: status.updatedAt ?? new Date().toISOString() },
    components: componentViews,
    incidents: incidents.data.map((incident) => ({
      id: incident.id,
      name: incident.title,
      status: incident.status,
      created_at: incident.createdAt,
      updated_at: incident.updatedAt,
      monitoring_at: incident.updates.findLast((update) => update.status === "monitoring")?.createdAt ?? null,
      resolved_at: incident.resolvedAt,
      impact: incident.impact,
      shortlink: url,
      started_at: incident.createdAt,
      page_id: page.id,
      incident_updates: incident.updates.map((update) => ({
        id: update.id,
        status: update.status,
        body: update.message,
        incident_id: incident.id,
        created_at: update.createdAt,
        updated_at: update.createdAt,
        display_at: update.createdAt,
      })),
      components: incident.components.flatMap((link) => byId.get(link.id) ?? []),
    })),
    scheduled_maintenances: [...schedule.inProgress, ...schedule.upcoming].map((window) => statuspageMaintenance(window, page, byId)),
    status: STATUSPAGE_STATUS[status.indicator],
  };
  return { summary, validUntil: schedule.validUntil };
}

/** A maintenance window as Statuspage publishes one: an incident-like record with its schedule and its message as the one update. */
function statuspageMaintenance(window: MaintenanceView, page: { id: string; url: string }, componentsById: Map<string, z.output<typeof componentSchema>>) {
  const status = window.state === "in_progress" ? ("in_progress" as const) : ("scheduled" as const);
  return {
    id: window.id,
    name: window.title,
    status,
    created_at: window.createdAt,
    updated_at: window.updatedAt,
    monitoring_at: null,
    resolved_at: null,
    impact: "maintenance" as const,
    shortlink: page.url,
    started_at: window.startsAt,
    page_id: page.id,
    incident_updates: [
      { id: window.id, status, body: window.message, incident_id: window.id, created_at: window.createdAt, updated_at: window.updatedAt, display_at: window.createdAt },
    ],
    components: window.components.flatMap((component) => componentsById.get(component.id) ?? []),
    scheduled_for: window.startsAt,
    scheduled_until: window.endsAt,
  };
}

const componentSchema = z.strictObject({
  id: idField,
  name: z.string(),
  status: z.enum(COMPONENT_STATUSES),
  created_at: timestampField,
  updated_at: timestampField,
  position: positionField,
  description: z.string().nullable(),
  showcase: z.boolean(),
  start_date: z.null(),
  group_id: z.null(),
  page_id: z.string(),
  group: z.boolean(),
  only_show_if_degraded: z.boolean(),
});

const incidentUpdateSchema = z.strictObject({
  id: idField,
  status: z.string(),
  body: z.string(),
  incident_id: idField,
  created_at: timestampField,
  updated_at: timestampField,
  display_at: timestampField,
});

const incidentShape = {
  id: idField,
  name: z.string(),
  created_at: timestampField,
  updated_at: timestampField,
  monitoring_at: timestampField.nullable(),
  resolved_at: timestampField.nullable(),
  shortlink: z.string(),
  started_at: timestampField,
  page_id: z.string(),
  incident_updates: z.array(incidentUpdateSchema).meta({ description: "Newest first." }),
  components: z.array(componentSchema),
};

const maintenanceSchema = z.strictObject({
  ...incidentShape,
  impact: z.literal("maintenance"),
  status: z.enum(["scheduled", "in_progress", "verifying", "completed"]),
  scheduled_for: timestampField,
  scheduled_until: timestampField,
});

export const statusSummarySchema = z
  .strictObject({
    page: z.strictObject({ id: z.string(), name: z.string(), url: z.string(), time_zone: z.string(), updated_at: timestampField }),
    components: z.array(componentSchema),
    incidents: z.array(z.strictObject({ ...incidentShape, impact: z.enum(INCIDENT_IMPACTS), status: z.enum(INCIDENT_STATUS_CHAIN) })).meta({ description: "Unresolved incidents, newest first." }),
    scheduled_maintenances: z.array(maintenanceSchema),
    status: z.strictObject({ indicator: z.enum(["none", "minor", "major", "critical", "maintenance"]), description: z.string() }),
  })
  .meta({ id: "StatuspageSummary", description: "Atlassian Statuspage's v2 summary (`/api/v2/summary.json`)." });
