import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { maintenanceView } from "./maintenance-schedule";

export async function getMaintenanceOrThrow(db: ScopedDb | ScopedTx, id: string, now = new Date()) {
  const row = await db.maintenance.findUnique({
    where: { id },
    include: { components: { select: { component: { select: { id: true, name: true } } }, orderBy: [{ component: { position: "asc" } }, { componentId: "asc" }] } },
  });
  if (!row) throw new DomainError("NOT_FOUND", "Maintenance window not found. It may have been cancelled in another tab.");
  return maintenanceView({ ...row, components: row.components.map((link) => link.component) }, now);
}
