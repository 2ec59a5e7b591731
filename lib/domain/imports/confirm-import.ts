import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { DomainError } from "@/lib/platform/core/errors";
import { db as client } from "@/lib/platform/db/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { planLimitMessage } from "@/lib/domain/plans/limits";
import type { ImportPreview } from "./compute-preview";
import { queueImportJob } from "./import-job-queue";
import { importView, type ImportView } from "./view";

export const ANOTHER_IMPORT = "Another import into this workspace is queued, running or being undone; start this one when it has finished.";

/** Moves a previewed import to the queue: refused over the plan's limits, or while another import runs. */
export async function queueImportRun(db: ScopedDb, workspaceId: string, importId: string): Promise<ImportView> {
  const run = await db.importRun.findFirst({ where: { id: importId } });
  if (!run) throw new DomainError("NOT_FOUND", "No such import.");
  if (run.state !== "previewed") throw new DomainError("CONFLICT", `This import is ${run.state}; only a previewed import can be run.`);
  const over = (run.preview as ImportPreview | null)?.overLimit ?? [];
  if (over.length > 0) {
    const first = over[0]!;
    const workspace = await client.workspace.findUnique({ where: { id: workspaceId }, select: { plan: true } });
    throw new DomainError("PLAN_LIMIT", `${planLimitMessage(workspace?.plan ?? "FREE", first.resource)} The import would add ${first.adding} to ${first.used}.`);
  }
  try {
    return await db.$transaction(async (tx) => {
      const queued = await tx.importRun.update({ where: { id: importId }, data: { state: "queued", done: 0 } });
      await queueImportJob(tx, { workspaceId, importId, phase: "run" }, { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true });
      return importView(queued);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", ANOTHER_IMPORT);
    throw error;
  }
}

/** The admin read the preview and runs the import. */
export async function confirmImport(actor: WorkspaceActor, importId: string): Promise<ImportView> {
  authorize(actor, "settings.manage", "import into the workspace");
  return queueImportRun(actor.db, actor.workspaceId, importId);
}
