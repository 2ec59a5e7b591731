import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import type { ComponentStatus } from "@/lib/generated/prisma/enums";
import { effectiveStatus, maintenanceState, nextMaintenanceBoundary } from "./maintenance-rules";

// A workspace has few windows ahead of it; this bounds the read all the same.
const WINDOWS_LIMIT = 500;

function maintenanceSelect(workspaceId: string) {
  return {
    id: true,
    title: true,
    message: true,
    startsAt: true,
    endsAt: true,
    createdAt: true,
    updatedAt: true,
    // Nested relations are not fenced by the scoped accessor; the workspace is named here too.
    components: {
      where: { workspaceId },
      select: { component: { select: { id: true, name: true, position: true } } },
      orderBy: [{ component: { position: "asc" as const } }, { componentId: "asc" as const }],
    },
  };
}

/** Windows that end after `endingAfter` (the schedule: now; the uptime history: 90 days back), by start. */
export async function loadMaintenances(db: ScopedDb | ScopedTx, workspaceId: string, endingAfter: Date) {
  const rows = await db.maintenance.findMany({
    where: { endsAt: { gt: endingAfter } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: WINDOWS_LIMIT,
    select: maintenanceSelect(workspaceId),
  });
  return rows.map((row) => ({ ...row, components: row.components.map((link) => ({ id: link.component.id, name: link.component.name })) }));
}
export type MaintenanceRow = Awaited<ReturnType<typeof loadMaintenances>>[number];

export function maintenanceView(row: MaintenanceRow, now: Date) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    state: maintenanceState(row, now),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    components: row.components,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type MaintenanceView = ReturnType<typeof maintenanceView>;

export interface MaintenanceSchedule {
  /** Windows running now, then those ahead, each by start. */
  inProgress: MaintenanceView[];
  upcoming: MaintenanceView[];
  /** Components some running window covers. */
  maintainedComponentIds: ReadonlySet<string>;
  /** The next start or end: an answer built from this schedule is stale from then on. */
  validUntil: Date | null;
}

/** The schedule as of `now`, from rows loaded with `endingAfter` at or before `now`. */
export function scheduleOf(rows: readonly MaintenanceRow[], now: Date): MaintenanceSchedule {
  const ahead = rows.filter((row) => maintenanceState(row, now) !== "completed");
  const views = ahead.map((row) => maintenanceView(row, now));
  const inProgress = views.filter((view) => view.state === "in_progress");
  return {
    inProgress,
    upcoming: views.filter((view) => view.state === "upcoming"),
    maintainedComponentIds: new Set(inProgress.flatMap((view) => view.components.map((component) => component.id))),
    validUntil: nextMaintenanceBoundary(ahead, now),
  };
}

/**
 * Upcoming and in-progress maintenance windows as of `now`, with the components each covers and
 * the time this answer stops being true. The read for every surface that publishes the schedule
 * (the status page, the public JSON, a Statuspage-style summary.json).
 */
export async function getMaintenanceSchedule(db: ScopedDb | ScopedTx, workspaceId: string, now = new Date()): Promise<MaintenanceSchedule> {
  return scheduleOf(await loadMaintenances(db, workspaceId, now), now);
}

/** Components as they read now: a running window turns an operational one `under_maintenance`. */
export function withMaintenance<T extends { id: string; status: ComponentStatus }>(components: readonly T[], schedule: Pick<MaintenanceSchedule, "maintainedComponentIds">): T[] {
  return components.map((component) => ({ ...component, status: effectiveStatus(component.status, schedule.maintainedComponentIds.has(component.id)) }));
}
