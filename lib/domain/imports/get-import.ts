import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { DomainError } from "@/lib/platform/core/errors";
import { importView, type ImportView } from "./view";

export async function getImport(actor: WorkspaceActor, importId: string): Promise<ImportView> {
  authorize(actor, "settings.manage", "see imports");
  const run = await actor.db.importRun.findFirst({ where: { id: importId } });
  if (!run) throw new DomainError("NOT_FOUND", "No such import.");
  return importView(run);
}
