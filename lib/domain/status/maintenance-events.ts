import { scopedDb, type ScopedTx } from "@/lib/platform/db/scoped";
import { alreadyRecorded } from "@/lib/platform/events/boundary";
import { recordEvent } from "@/lib/platform/events/record-event";
import { z } from "zod";
import { defineJob } from "@/lib/platform/jobs/define-job";
import { getMaintenanceOrThrow } from "./get-maintenance";

// A maintenance window's start and end are moments, not writes: a job waits for each
// (startAfter) and records maintenance.started / maintenance.completed then, after re-reading the
// window, which may have been cancelled or ended early since.

export const MAINTENANCE_BOUNDARY_JOB = "status.maintenance_boundary";

type Boundary = "start" | "end";
interface BoundaryJob {
  workspaceId: string;
  maintenanceId: string;
  boundary: Boundary;
  /** The boundary's time when the job was queued; a window moved since has a job of its own. */
  at: string;
}

/** Inside the scheduling transaction: the two jobs, one at the start, one at the end. */
export async function queueMaintenanceBoundaries(tx: ScopedTx, workspaceId: string, window: { id: string; startsAt: Date; endsAt: Date }) {
  for (const [boundary, at] of [["start", window.startsAt], ["end", window.endsAt]] as const) {
    const job: BoundaryJob = { workspaceId, maintenanceId: window.id, boundary, at: at.toISOString() };
    await maintenanceBoundaryJob.queue(tx, job, { startAfter: at, singletonKey: `${window.id}:${boundary}@${job.at}` });
  }
}

/** Records that the window completed, once per end time (ended early now, or reached its end). */
export async function recordMaintenanceCompleted(tx: ScopedTx, workspaceId: string, id: string, now: Date) {
  const view = await getMaintenanceOrThrow(tx, id, now);
  if (await alreadyRecorded(tx, "maintenance.completed", id, "endsAt", view.endsAt)) return;
  await recordEvent(tx, { workspaceId, type: "maintenance.completed", data: view });
}

export async function maintenanceBoundary(job: BoundaryJob, now = new Date()): Promise<void> {
  await scopedDb(job.workspaceId).$transaction(async (tx) => {
    const row = await tx.maintenance.findUnique({ where: { id: job.maintenanceId }, select: { startsAt: true, endsAt: true } });
    if (!row) return; // cancelled
    const at = job.boundary === "start" ? row.startsAt : row.endsAt;
    if (at.toISOString() !== job.at || at.getTime() > now.getTime()) return; // moved (ended early) or not yet due
    if (job.boundary === "end") return recordMaintenanceCompleted(tx, job.workspaceId, job.maintenanceId, now);
    if (await alreadyRecorded(tx, "maintenance.started", job.maintenanceId, "startsAt", job.at)) return;
    await recordEvent(tx, { workspaceId: job.workspaceId, type: "maintenance.started", data: await getMaintenanceOrThrow(tx, job.maintenanceId, now) });
  });
}

/** The job at each boundary of a maintenance window. */
export const maintenanceBoundaryJob = defineJob({
  name: MAINTENANCE_BOUNDARY_JOB,
  payload: z.strictObject({
    workspaceId: z.string().min(1),
    maintenanceId: z.string().min(1),
    boundary: z.enum(["start", "end"]),
    at: z.iso.datetime(),
  }),
  handle: (data) => maintenanceBoundary(data),
});
