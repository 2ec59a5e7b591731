import { z } from "zod";
import type { ScopedTx } from "@/lib/platform/db/scoped";
import { enqueueJob, type EnqueueOptions } from "@/lib/platform/jobs/enqueue-job";

// The import job's name and payload, apart from its definition (import-job.ts) so that the steps
// the job runs can queue its next phase without importing the job that imports them.

export const IMPORT_JOB = "imports.run";

export const importJobPayload = z.strictObject({ workspaceId: z.string().min(1), importId: z.string().min(1), phase: z.enum(["preview", "run"]) });
export type ImportJobPayload = z.infer<typeof importJobPayload>;

// An import may run for many minutes: the queue must not take it for dead (and start it a second
// time beside itself) after the few minutes other jobs get.
const IMPORT_EXPIRE_SECONDS = 4 * 60 * 60;

export function queueImportJob(tx: ScopedTx, data: ImportJobPayload, options?: EnqueueOptions) {
  return enqueueJob(tx, IMPORT_JOB, importJobPayload.parse(data), { expireInSeconds: IMPORT_EXPIRE_SECONDS, ...options });
}
