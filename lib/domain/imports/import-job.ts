import { defineJob } from "@/lib/platform/jobs/define-job";
import { IMPORT_JOB, importJobPayload } from "./import-job-queue";
import { previewImport, runImport } from "./run-import";

/** Previews and runs of imports: one at a time per worker, an import is long and heavy. */
export const importJob = defineJob({
  name: IMPORT_JOB,
  payload: importJobPayload,
  handle: (data) => (data.phase === "preview" ? previewImport(data.workspaceId, data.importId) : runImport(data.workspaceId, data.importId)),
});
