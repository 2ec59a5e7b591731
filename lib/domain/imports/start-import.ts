import { z } from "zod";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { sealSecret } from "@/lib/domain/webhooks/secret-box";
import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { storeImportFile, MAX_UPLOAD_BYTES } from "./import-file";
import { queueImportJob } from "./import-job-queue";
import { SourceUnavailableError } from "./source-http";
import { sourceOf } from "./source-input";
import { IMPORT_SOURCES, SOURCE_NAMES } from "./sources";
import { importView, type ImportView } from "./view";

export const startImportBody = z.strictObject({
  source: z.string().max(40).describe(`One of: ${"own, canny, statuspage, fider, csv"}.`),
  options: z.record(z.string(), z.unknown()).default({}).describe("What the source needs: an API key, a page id, a column mapping (see the guide)."),
  mode: z.enum(["preview", "run"]).default("preview").describe("`preview` stops after the preview; `run` goes on to the run when the preview allows it."),
});
export type StartImportInput = z.input<typeof startImportBody>;

/** The largest upload per kind of file: a spreadsheet, or an archive (which streams). */
export const UPLOAD_LIMITS = { spreadsheetBytes: 50 * 1024 * 1024, archiveBytes: MAX_UPLOAD_BYTES };

export function maxUploadBytes(source: string): number {
  return source === "csv" || source === "fider" ? UPLOAD_LIMITS.spreadsheetBytes : UPLOAD_LIMITS.archiveBytes;
}

/**
 * Starts an import: the source's options checked, the file stored, the source validated (its
 * header, its API key) and the preview queued. With `mode: "run"` the run follows the preview when
 * nothing is over the plan's limit.
 */
export async function startImport(actor: WorkspaceActor, input: StartImportInput, file?: AsyncIterable<Uint8Array>): Promise<ImportView> {
  authorize(actor, "settings.manage", "import into the workspace");
  const parsed = startImportBody.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The import request is not valid.", zodDetails(parsed.error));
  const { source, mode } = parsed.data;
  const adapter = IMPORT_SOURCES[source];
  if (!adapter) throw new DomainError("VALIDATION_ERROR", `Unknown source "${source}".`, [{ path: "source", message: `One of: ${SOURCE_NAMES.join(", ")}.`, code: "invalid_value" }]);
  const options = adapter.options.safeParse(parsed.data.options);
  if (!options.success) {
    throw new DomainError("VALIDATION_ERROR", "The source's options are not valid.", zodDetails(options.error).map((detail) => ({ ...detail, path: `options.${detail.path}` })));
  }
  if (adapter.needsFile && !file) throw new DomainError("VALIDATION_ERROR", "This source reads a file: upload it.", [{ path: "file", message: "Required.", code: "invalid_type" }]);
  const stored: Record<string, unknown> = { ...(options.data as Record<string, unknown>), autoRun: mode === "run" };
  for (const name of adapter.secretOptions ?? []) if (typeof stored[name] === "string") stored[name] = sealSecret(stored[name] as string);

  const run = await actor.db.importRun.create({ data: { source, state: "previewing", options: stored as never, createdById: actor.userId } as never });
  try {
    if (file && adapter.needsFile) await storeImportFile(actor.db, run.id, file, maxUploadBytes(source));
    const { adapter: reader, input: sourceInput } = sourceOf(actor.db, run);
    await reader.validate(sourceInput);
  } catch (error) {
    // Nothing of a refused import is kept: the admin fixes the file or the key and starts again.
    await actor.db.importRun.deleteMany({ where: { id: run.id } });
    if (error instanceof SourceUnavailableError) throw new DomainError("SERVICE_UNAVAILABLE", error.message, undefined, 30);
    throw error;
  }
  await actor.db.$transaction((tx) => queueImportJob(tx, { workspaceId: actor.workspaceId, importId: run.id, phase: "preview" }));
  return importView(run);
}
