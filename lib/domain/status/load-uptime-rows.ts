import type { ScopedDb } from "@/lib/platform/db/scoped";
import { uptimeWindowStart, type UptimeInputs } from "./uptime";
import { activeIncidentFilter } from "@/lib/domain/access/visibility";

// Bounds for a workspace that changes statuses far more often than any status page should.
const CHANGES_LIMIT = 20_000;
const INCIDENTS_LIMIT = 2_000;

/**
 * What the uptime history needs besides components and maintenance windows, in two reads: the
 * status changes since the window opened, and the incidents open at any time in it with the
 * components each affects (for the days' incident lists).
 */
export async function loadUptimeRows(db: ScopedDb, now: Date): Promise<Pick<UptimeInputs, "changes" | "incidents">> {
  const since = uptimeWindowStart(now);
  const [changes, incidents] = await Promise.all([
    db.componentStatusChange.findMany({
      where: { at: { gte: since, lte: now } },
      orderBy: [{ at: "asc" }, { id: "asc" }],
      take: CHANGES_LIMIT,
      select: { componentId: true, at: true, fromStatus: true, toStatus: true },
    }),
    db.incident.findMany({
      where: { createdAt: { lte: now }, OR: [activeIncidentFilter, { resolvedAt: { gte: since } }] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: INCIDENTS_LIMIT,
      select: { id: true, title: true, impact: true, createdAt: true, resolvedAt: true, components: { where: { workspaceId: db.workspaceId }, select: { componentId: true } } },
    }),
  ]);
  return {
    changes,
    incidents: incidents.map((incident) => ({
      id: incident.id,
      title: incident.title,
      impact: incident.impact,
      startedAt: incident.createdAt,
      // Resolved after `now` (a clock between two instances) reads as still open at `now`.
      resolvedAt: incident.resolvedAt && incident.resolvedAt <= now ? incident.resolvedAt : null,
      componentIds: incident.components.map((link) => link.componentId),
    })),
  };
}
