import { changedSince, keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { monitorView } from "./monitor-view";
import type { z } from "zod";
import type { listMonitorsQuery } from "./schemas";

export const MONITOR_SORT: SortSpec = { name: "oldest", field: "createdAt", direction: "asc", kind: "date" };

export async function listMonitors(actor: WorkspaceActor, query: z.output<typeof listMonitorsQuery>) {
  authorize(actor, "monitors.manage", "see monitors");
  const page = keysetArgs(MONITOR_SORT, query.cursor, query.limit);
  const rows = await actor.db.monitor.findMany({ where: { AND: [changedSince(query.updatedSince), page.where] }, orderBy: page.orderBy, take: page.take });
  return toPage(rows, MONITOR_SORT, query.limit, monitorView);
}
