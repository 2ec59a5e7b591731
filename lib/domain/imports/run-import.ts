import { db as client } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import { recordEvent } from "@/lib/platform/events/record-event";
import { DomainError } from "@/lib/platform/core/errors";
import { queueImportRun } from "./confirm-import";
import { computePreview } from "./compute-preview";
import { ImportWriter } from "./import-writer";
import { ImportSourceError } from "./source-error";
import { SourceUnavailableError } from "./source-http";
import { sourceOf } from "./source-input";
import { importView } from "./view";

async function fail(workspaceId: string, importId: string, message: string) {
  await scopedDb(workspaceId).importRun.updateMany({ where: { id: importId }, data: { state: "failed", error: message.slice(0, 2000), finishedAt: new Date() } });
}

/** The preview step: reads the source once and stores what a run would do. */
export async function previewImport(workspaceId: string, importId: string): Promise<void> {
  const db = scopedDb(workspaceId);
  const run = await db.importRun.findFirst({ where: { id: importId, state: "previewing" } });
  if (!run) return;
  const workspace = await client.workspace.findUnique({ where: { id: workspaceId }, select: { plan: true } });
  if (!workspace) return;
  try {
    const { adapter, input } = sourceOf(db, run);
    const preview = await computePreview(db, workspace.plan, adapter, input, (rows) => db.importRun.updateMany({ where: { id: importId }, data: { done: rows } }).then(() => {}));
    await db.importRun.updateMany({ where: { id: importId, state: "previewing" }, data: { state: "previewed", preview: preview as never, total: preview.rows, done: 0 } });
    if ((run.options as { autoRun?: boolean }).autoRun && preview.overLimit.length === 0) {
      await queueImportRun(db, workspaceId, importId).catch((error: unknown) => {
        if (error instanceof DomainError) return fail(workspaceId, importId, error.message);
        throw error;
      });
    }
  } catch (error) {
    if (error instanceof ImportSourceError) return fail(workspaceId, importId, error.message);
    // The source is down or rate-limits past the retries: the job is tried again later and
    // resumes; meanwhile the admin sees why it waits.
    if (error instanceof SourceUnavailableError) await db.importRun.updateMany({ where: { id: importId }, data: { error: error.message.slice(0, 2000) } });
    throw error;
  }
}

/**
 * The run: every record written in batches, progress stored with each batch. Safe to run again
 * (a worker that died, a retry after the source dropped the connection): what was written is
 * found by its source id and skipped, so the run resumes where it stopped and nothing is doubled.
 * Quiet: no event, mail or webhook per row; one `import.completed` at the end.
 */
export async function runImport(workspaceId: string, importId: string): Promise<void> {
  const db = scopedDb(workspaceId);
  const run = await db.importRun.findFirst({ where: { id: importId, state: { in: ["queued", "running"] } } });
  if (!run) return;
  await db.importRun.updateMany({ where: { id: importId }, data: { state: "running", startedAt: run.startedAt ?? new Date() } });
  try {
    const { adapter, input } = sourceOf(db, run);
    const writer = new ImportWriter(db, { importId, source: run.source }, async (tx, done, counts) => {
      await tx.importRun.updateMany({ where: { id: importId }, data: { done, progress: counts as never } });
    });
    try {
      for await (const item of adapter.read(input)) await writer.add(item);
    } catch (error) {
      // The source failed while a batch was being written: that batch commits or fails first,
      // so the import's state is recorded after its last progress, never before it.
      await writer.settle();
      throw error;
    }
    await writer.finish();
    await db.$transaction(async (tx) => {
      const finished = await tx.importRun.update({
        where: { id: importId },
        data: { state: "completed", error: null, finishedAt: new Date(), done: writer.done, total: Math.max(run.total, writer.done), progress: writer.counts as never },
      });
      await tx.importFileChunk.deleteMany({ where: { importId } });
      await recordEvent(tx, { workspaceId, type: "import.completed", data: importView(finished) });
    });
  } catch (error) {
    if (error instanceof ImportSourceError) return fail(workspaceId, importId, error.message);
    // The source is down or rate-limits past the retries: the job is tried again later and
    // resumes; meanwhile the admin sees why it waits.
    if (error instanceof SourceUnavailableError) await db.importRun.updateMany({ where: { id: importId }, data: { error: error.message.slice(0, 2000) } });
    throw error;
  }
}
