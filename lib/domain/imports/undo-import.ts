import { z } from "zod";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { VISIBLE_COMMENT_SQL } from "@/lib/domain/access/visibility";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/platform/core/errors";
import { db as client } from "@/lib/platform/db/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { scopedDb, type ScopedTx } from "@/lib/platform/db/scoped";
import { defineJob } from "@/lib/platform/jobs/define-job";
import { IMPORT_KINDS } from "./records";
import { importView, UNDO_WINDOW_MS, type ImportView } from "./view";

const PAGE = 5_000;
// A page is one transaction: on a busy database it may take longer than the default few seconds.
const PAGE_TRANSACTION = { timeout: 120_000, maxWait: 30_000 };
// Deleting a large import page by page may take many minutes: the queue must not take the job for
// dead and start it a second time beside itself.
const UNDO_EXPIRE_SECONDS = 2 * 60 * 60;

/**
 * What an import records it created (ImportedRow.kind): the kinds of records it reads (among them
 * status changes, read from an archive or made from an incident's updates). Undone in this order,
 * children first.
 */
const UNDO_ORDER = [...IMPORT_KINDS].reverse();
type RowKind = (typeof UNDO_ORDER)[number];

// The table each kind's target lives in, for finding rows whose target is gone.
const TABLES: Record<RowKind, string> = {
  status_change: "ComponentStatusChange",
  board: "Board",
  roadmap_item: "RoadmapItem",
  post: "Post",
  vote: "Vote",
  comment: "Comment",
  release_note: "ReleaseNote",
  status_component: "StatusComponent",
  incident: "Incident",
  incident_update: "IncidentUpdate",
  maintenance: "Maintenance",
  todo_list: "TodoList",
  todo_item: "TodoItem",
  subscriber: "Subscriber",
};

/** Deletes the targets of one page of one kind; for votes and comments, says which posts they were on. */
async function deleteTargets(tx: ScopedTx, kind: RowKind, ids: string[]): Promise<string[]> {
  const where = { where: { id: { in: ids } } };
  switch (kind) {
    case "status_change":
      await tx.componentStatusChange.deleteMany(where);
      return [];
    case "board":
      await tx.board.deleteMany(where);
      return [];
    case "roadmap_item":
      await tx.roadmapItem.deleteMany(where);
      return [];
    case "post":
      await tx.post.deleteMany(where);
      return [];
    case "vote": {
      const posts = await tx.vote.findMany({ ...where, select: { postId: true } });
      await tx.vote.deleteMany(where);
      return posts.map((row) => row.postId);
    }
    case "comment": {
      const posts = await tx.comment.findMany({ ...where, select: { postId: true } });
      await tx.comment.deleteMany(where);
      return posts.map((row) => row.postId);
    }
    case "release_note":
      await tx.releaseNote.deleteMany(where);
      return [];
    case "status_component":
      await tx.statusComponent.deleteMany(where);
      return [];
    case "incident":
      await tx.incident.deleteMany(where);
      return [];
    case "incident_update":
      await tx.incidentUpdate.deleteMany(where);
      return [];
    case "maintenance":
      await tx.maintenance.deleteMany(where);
      return [];
    case "todo_list":
      await tx.todoList.deleteMany(where);
      return [];
    case "todo_item":
      await tx.todoItem.deleteMany(where);
      return [];
    case "subscriber":
      await tx.subscriber.deleteMany(where);
      return [];
  }
}

export const undoImportJobPayload = z.strictObject({ workspaceId: z.string().min(1), importId: z.string().min(1) });

/** The undo itself, in the background: an import of a million rows takes longer than a request may. */
export const undoImportJob = defineJob({
  name: "imports.undo",
  payload: undoImportJobPayload,
  handle: (data) => performUndo(data.workspaceId, data.importId),
});

/**
 * Asks for an import to be undone, for 24 hours after it finished: the import is marked undoing
 * and the job that deletes its rows is queued in the same transaction. An import already being
 * undone is answered as it stands. While it is undone no other import of the workspace runs.
 */
export async function undoImport(actor: WorkspaceActor, importId: string, now = new Date()): Promise<ImportView> {
  authorize(actor, "settings.manage", "undo an import");
  const run = await actor.db.importRun.findFirst({ where: { id: importId } });
  if (!run) throw new DomainError("NOT_FOUND", "No such import.");
  if (run.state === "undoing") return importView(run);
  if (run.state !== "completed" || !run.finishedAt) throw new DomainError("CONFLICT", `This import is ${run.state}; only a completed import can be undone.`);
  if (now.getTime() - run.finishedAt.getTime() > UNDO_WINDOW_MS) {
    throw new DomainError("CONFLICT", "An import can be undone for 24 hours after it finished; this one is older.", [
      { path: "finishedAt", message: `Finished ${run.finishedAt.toISOString()}; the undo window has passed.`, code: "undo_window_passed" },
    ]);
  }
  try {
    return await actor.db.$transaction(async (tx) => {
      const { count } = await tx.importRun.updateMany({ where: { id: importId, state: "completed" }, data: { state: "undoing", error: null } });
      // Another request marked it first: answer with what that one did.
      if (count === 0) return importView((await tx.importRun.findFirst({ where: { id: importId } }))!);
      await undoImportJob.queue(tx, { workspaceId: actor.workspaceId, importId }, { expireInSeconds: UNDO_EXPIRE_SECONDS, retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true });
      return importView((await tx.importRun.findFirst({ where: { id: importId } }))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", "Another import into this workspace is queued, running or being undone; undo this one when it has finished.");
    throw error;
  }
}

/**
 * Removes exactly what an import created, over all its runs (its ImportedRow rows), children first:
 * its votes and comments also where they were added to posts an earlier import created, which stay.
 * What was there before, or was skipped as already imported, stays. A post the undo deletes takes
 * with it every vote and comment on it, also those people added since the import. Page by page,
 * each page in one transaction with its ImportedRow rows, so a job that stops resumes where it was.
 */
export async function performUndo(workspaceId: string, importId: string, now = new Date()): Promise<void> {
  const db = scopedDb(workspaceId);
  const run = await db.importRun.findFirst({ where: { id: importId, state: "undoing" } });
  if (!run) return;
  const touchedPosts = new Set<string>();
  try {
    for (const kind of UNDO_ORDER) {
      for (;;) {
        const rows = await db.importedRow.findMany({ where: { importId, kind }, select: { sourceId: true, targetId: true }, take: PAGE });
        if (rows.length === 0) break;
        await db.$transaction(async (tx) => {
          for (const postId of await deleteTargets(tx, kind, rows.map((row) => row.targetId))) touchedPosts.add(postId);
          await tx.importedRow.deleteMany({ where: { importId, kind, sourceId: { in: rows.map((row) => row.sourceId) } } });
        }, PAGE_TRANSACTION);
      }
    }
    await forgetVanishedRows(workspaceId);
    // An earlier attempt that stopped may have deleted votes whose posts it no longer knows: then
    // every post of the workspace is recounted.
    await recountPosts(workspaceId, run.error === null ? [...touchedPosts] : null);
  } catch (error) {
    // The job is tried again and carries on where it stopped; meanwhile the admin sees why it waits.
    await db.importRun.updateMany({ where: { id: importId }, data: { error: `The undo stopped and will try again: ${error instanceof Error ? error.message : String(error)}`.slice(0, 2000) } });
    throw error;
  }
  await db.importRun.updateMany({ where: { id: importId, state: "undoing" }, data: { state: "undone", undoneAt: now, error: null } });
}

/**
 * Other imports' records of rows this undo took with their parents (a later import's comments on a
 * post this one created): they no longer exist, so a later import may bring them in again.
 */
async function forgetVanishedRows(workspaceId: string) {
  for (const [kind, table] of Object.entries(TABLES)) {
    await client.$executeRawUnsafe(
      `DELETE FROM "ImportedRow" r WHERE r."workspaceId" = $1 AND r.kind = $2 AND NOT EXISTS (SELECT 1 FROM "${table}" t WHERE t.id = r."targetId")`,
      workspaceId,
      kind,
    );
  }
}

/** Vote and comment counts of the posts that stay and lost votes or comments to the undo (null: of every post). */
async function recountPosts(workspaceId: string, postIds: string[] | null) {
  const recount = (which: Prisma.Sql) => client.$executeRaw`
    UPDATE "Post" p SET
      "voteCount" = (SELECT count(*) FROM "Vote" v WHERE v."postId" = p.id),
      "commentCount" = (SELECT count(*) FROM "Comment" c WHERE c."postId" = p.id AND ${VISIBLE_COMMENT_SQL})
    WHERE p."workspaceId" = ${workspaceId} AND ${which}`;
  if (postIds === null) return void (await recount(Prisma.sql`p."mergedIntoId" IS NULL`));
  for (let start = 0; start < postIds.length; start += PAGE) await recount(Prisma.sql`p.id = ANY(${postIds.slice(start, start + PAGE)})`);
}
