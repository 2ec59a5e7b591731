import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedTx } from "@/lib/platform/db/scoped";
import { IMPORT_KINDS, type ImportKind } from "./records";
import { importView, UNDO_WINDOW_MS, type ImportView } from "./view";

const PAGE = 5_000;

// Deleting the rows of each kind an import created. Votes are not listed one by one: they go with
// the posts they were cast on (a post's deletion takes its votes and comments).
function deleter(db: ScopedTx, kind: ImportKind): ((ids: string[]) => Promise<unknown>) | null {
  const where = (ids: string[]) => ({ where: { id: { in: ids } } });
  switch (kind) {
    case "board":
      return (ids) => db.board.deleteMany(where(ids));
    case "roadmap_item":
      return (ids) => db.roadmapItem.deleteMany(where(ids));
    case "post":
      return (ids) => db.post.deleteMany(where(ids));
    case "comment":
      return (ids) => db.comment.deleteMany(where(ids));
    case "release_note":
      return (ids) => db.releaseNote.deleteMany(where(ids));
    case "status_component":
      return (ids) => db.statusComponent.deleteMany(where(ids));
    case "incident":
      return (ids) => db.incident.deleteMany(where(ids));
    case "incident_update":
      return (ids) => db.incidentUpdate.deleteMany(where(ids));
    case "maintenance":
      return (ids) => db.maintenance.deleteMany(where(ids));
    case "todo_list":
      return (ids) => db.todoList.deleteMany(where(ids));
    case "todo_item":
      return (ids) => db.todoItem.deleteMany(where(ids));
    case "subscriber":
      return (ids) => db.subscriber.deleteMany(where(ids));
    default:
      return null;
  }
}

/**
 * Removes, for 24 hours after it finished, exactly what an import created (its ImportedRow rows),
 * children first. What was already there before, or was skipped as already imported, stays.
 * Changes made since to imported rows go with them.
 */
export async function undoImport(actor: WorkspaceActor, importId: string, now = new Date()): Promise<ImportView> {
  authorize(actor, "settings.manage", "undo an import");
  const run = await actor.db.importRun.findFirst({ where: { id: importId } });
  if (!run) throw new DomainError("NOT_FOUND", "No such import.");
  if (run.state !== "completed" || !run.finishedAt) throw new DomainError("CONFLICT", `This import is ${run.state}; only a completed import can be undone.`);
  if (now.getTime() - run.finishedAt.getTime() > UNDO_WINDOW_MS) throw new DomainError("CONFLICT", "An import can be undone for 24 hours after it finished; this one is older.");
  for (const kind of [...IMPORT_KINDS].reverse()) {
    if (!deleter(actor.db, kind)) continue;
    for (;;) {
      const rows = await actor.db.importedRow.findMany({ where: { importId, kind }, select: { sourceId: true, targetId: true }, take: PAGE });
      if (rows.length === 0) break;
      await actor.db.$transaction(async (tx) => {
        await deleter(tx, kind)!(rows.map((row) => row.targetId));
        await tx.importedRow.deleteMany({ where: { importId, kind, sourceId: { in: rows.map((row) => row.sourceId) } } });
      }, { timeout: 120_000, maxWait: 30_000 });
    }
  }
  const undone = await actor.db.importRun.update({ where: { id: importId }, data: { state: "undone", undoneAt: now } });
  return importView(undone);
}
