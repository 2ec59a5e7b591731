import type { ScopedDb } from "@/lib/platform/db/scoped";
import { effectiveStatus } from "./maintenance-rules";
import { getMaintenanceSchedule } from "./maintenance-schedule";
import { overallIndicator } from "./overall-indicator";
import { activeIncidentFilter, resolvedIncidentFilter } from "@/lib/domain/access/visibility";

const RESOLVED_SHOWN = 10;

function incidentRowSelect(workspaceId: string) {
  return {
    id: true,
    title: true,
    status: true,
    impact: true,
    createdAt: true,
    resolvedAt: true,
    components: { where: { workspaceId }, select: { component: { select: { id: true, name: true } } }, orderBy: [{ component: { position: "asc" as const } }] },
    updates: { where: { workspaceId }, orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }], take: 1, select: { message: true, createdAt: true } },
  };
}

/**
 * Everything the dashboard's status page shows, as of `now`: the components in page order with
 * their stored status (what "set status" changes) and how they read now, the active and latest
 * resolved incidents, and the maintenance windows running or ahead.
 */
export async function getStatusDashboard(db: ScopedDb, now = new Date()) {
  const [components, active, resolved, schedule] = await Promise.all([
    db.statusComponent.findMany({ orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }] }),
    db.incident.findMany({ where: activeIncidentFilter, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: incidentRowSelect(db.workspaceId) }),
    db.incident.findMany({
      where: resolvedIncidentFilter,
      orderBy: [{ resolvedAt: "desc" }, { id: "desc" }],
      take: RESOLVED_SHOWN,
      select: incidentRowSelect(db.workspaceId),
    }),
    getMaintenanceSchedule(db, db.workspaceId, now),
  ]);
  const rows = components.map((component) => {
    const window = schedule.inProgress.find((each) => each.components.some((covered) => covered.id === component.id));
    return {
      id: component.id,
      name: component.name,
      description: component.description,
      storedStatus: component.status,
      status: effectiveStatus(component.status, Boolean(window)),
      maintenance: window ? { title: window.title, endsAt: window.endsAt } : null,
      activeIncidents: active.filter((incident) => incident.components.some((link) => link.component.id === component.id)).map((incident) => incident.title),
    };
  });
  const incidentView = (incident: (typeof active)[number]) => ({
    id: incident.id,
    title: incident.title,
    status: incident.status,
    impact: incident.impact,
    createdAt: incident.createdAt.toISOString(),
    resolvedAt: incident.resolvedAt?.toISOString() ?? null,
    components: incident.components.map((link) => link.component),
    latestUpdate: incident.updates[0] ? { message: incident.updates[0].message, createdAt: incident.updates[0].createdAt.toISOString() } : null,
  });
  return {
    indicator: overallIndicator(rows, active),
    components: rows,
    activeIncidents: active.map(incidentView),
    resolvedIncidents: resolved.map(incidentView),
    maintenances: [...schedule.inProgress, ...schedule.upcoming],
  };
}
export type StatusDashboard = Awaited<ReturnType<typeof getStatusDashboard>>;
export type DashboardComponent = StatusDashboard["components"][number];
export type DashboardIncident = StatusDashboard["activeIncidents"][number];
