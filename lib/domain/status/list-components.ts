import { changedSince, keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { componentView } from "./component-view";
import { getMaintenanceSchedule, withMaintenance } from "./maintenance-schedule";
import type { ListComponentsQuery } from "./schemas";

// Status-page order (position, then id so equal positions still have one stable order). Inserts
// never shift rows a client has not reached yet; only re-ordering mid-walk could, and a workspace
// has few components (10 on Free), so nearly every list is a single page anyway. createdAt would
// be immutable but would force every client to re-sort into the order the page is shown in.
export const COMPONENT_SORT: SortSpec = { name: "position", field: "position", direction: "asc", kind: "number" };

/** Components as they read now: a running maintenance window shows as under_maintenance. */
export async function listComponents(db: ScopedDb, query: ListComponentsQuery, now = new Date()) {
  const page = keysetArgs(COMPONENT_SORT, query.cursor, query.limit);
  const [rows, schedule] = await Promise.all([
    db.statusComponent.findMany({ where: { AND: [changedSince(query.updatedSince), page.where] }, orderBy: page.orderBy, take: page.take }),
    getMaintenanceSchedule(db, db.workspaceId, now),
  ]);
  return toPage(withMaintenance(rows, schedule), COMPONENT_SORT, query.limit, componentView);
}
