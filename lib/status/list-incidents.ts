import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import type { ScopedDb } from "@/lib/db/scoped";
import type { Prisma } from "@/lib/generated/prisma/client";
import { incidentSummaryInclude, incidentSummaryView } from "./incident-view";
import type { ListIncidentsQuery } from "./schemas";
import { activeIncidentFilter, resolvedIncidentFilter } from "@/lib/visibility";

const NEWEST: SortSpec = { name: "newest", field: "createdAt", direction: "desc", kind: "date" };

const STATE_FILTERS: Record<ListIncidentsQuery["state"], Prisma.IncidentWhereInput> = {
  active: activeIncidentFilter,
  resolved: resolvedIncidentFilter,
  all: {},
};

export async function listIncidents(db: ScopedDb, query: ListIncidentsQuery) {
  const page = keysetArgs(NEWEST, query.cursor, query.limit);
  const rows = await db.incident.findMany({
    where: { AND: [STATE_FILTERS[query.state], page.where] },
    orderBy: page.orderBy,
    take: page.take,
    include: incidentSummaryInclude,
  });
  return toPage(rows, NEWEST, query.limit, incidentSummaryView);
}
