import type { ScopedTx } from "@/lib/platform/db/scoped";
import type { EventType } from "./catalogue";

/**
 * Whether `type` was already recorded for the resource `id` with `data[field] = value`: a
 * time-based event (a scheduled publication, a maintenance window's start) is recorded by a job
 * at its boundary, and a job that runs twice, or a second job for the same boundary, must not
 * record it again.
 */
export async function alreadyRecorded(tx: ScopedTx, type: EventType, id: string, field: string, value: string): Promise<boolean> {
  const found = await tx.event.findFirst({
    where: { type, AND: [{ data: { path: ["id"], equals: id } }, { data: { path: [field], equals: value } }] },
    select: { id: true },
  });
  return found !== null;
}
