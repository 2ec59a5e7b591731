import type { ScopedTx } from "@/lib/platform/db/scoped";
import type { RoadmapStage } from "@/lib/generated/prisma/enums";

/** A column's ids in display order. */
export async function columnIds(tx: ScopedTx, stage: RoadmapStage): Promise<string[]> {
  const rows = await tx.roadmapItem.findMany({ where: { stage }, orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true } });
  return rows.map((row) => row.id);
}

/** Writes positions 0, 1, 2, … in the given order (and the stage), touching only rows that change. */
export async function writeColumn(tx: ScopedTx, stage: RoadmapStage, ids: string[]) {
  const current = await tx.roadmapItem.findMany({ where: { id: { in: ids } }, select: { id: true, position: true, stage: true } });
  const byId = new Map(current.map((row) => [row.id, row]));
  for (const [position, id] of ids.entries()) {
    const row = byId.get(id);
    if (row && (row.position !== position || row.stage !== stage)) await tx.roadmapItem.updateMany({ where: { id }, data: { position, stage } });
  }
}
