import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

export interface OutageRow {
  id: string;
  monitorId: string;
  monitorName: string;
  componentId: string;
  startedAt: Date;
  endedAt: Date | null;
  reason: string;
  incidentId: string | null;
}

/** The latest outages of the workspace's monitors, drafts first among the open ones (the dashboard's list). */
export async function listOutages(actor: WorkspaceActor, { limit = 20, monitorId }: { limit?: number; monitorId?: string } = {}): Promise<OutageRow[]> {
  authorize(actor, "workspace.read", "see outages");
  const rows = await actor.db.monitorOutage.findMany({
    where: monitorId ? { monitorId } : {},
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { monitor: { select: { name: true } } },
  });
  return rows.map((row) => ({ id: row.id, monitorId: row.monitorId, monitorName: row.monitor.name, componentId: row.componentId, startedAt: row.startedAt, endedAt: row.endedAt, reason: row.reason, incidentId: row.incidentId }));
}
