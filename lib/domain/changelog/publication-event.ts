import type { ScopedTx } from "@/lib/platform/db/scoped";
import { scopedDb } from "@/lib/platform/db/scoped";
import { alreadyRecorded } from "@/lib/platform/events/boundary";
import { recordEvent } from "@/lib/platform/events/record-event";
import { z } from "zod";
import { defineJob } from "@/lib/platform/jobs/define-job";
import { noteState } from "@/lib/domain/access/published-release-notes";
import { releaseNoteView, WITH_POST_IDS, type ReleaseNoteWithPosts } from "./view";

export const PUBLISH_DUE_JOB = "changelog.publish_due";

/**
 * After a note was written (inside its transaction): a note live now records
 * release_note.published (once per publication date); a note scheduled for later gets a job at its
 * publication time that records it then, if the note is still due at that time.
 */
export async function announcePublication(tx: ScopedTx, workspaceId: string, note: ReleaseNoteWithPosts, now: Date): Promise<void> {
  const state = noteState(note, now);
  if (state === "published") await recordPublished(tx, workspaceId, note, now);
  if (state === "scheduled" && note.publishedAt) {
    const at = note.publishedAt.toISOString();
    await publishDueJob.queue(tx, { workspaceId, noteId: note.id, publishedAt: at }, { startAfter: note.publishedAt, singletonKey: `${note.id}@${at}` });
  }
}

async function recordPublished(tx: ScopedTx, workspaceId: string, note: ReleaseNoteWithPosts, now: Date) {
  const data = releaseNoteView(note, now);
  if (!data.publishedAt || (await alreadyRecorded(tx, "release_note.published", note.id, "publishedAt", data.publishedAt))) return;
  await recordEvent(tx, { workspaceId, type: "release_note.published", data });
}

/** The job at a scheduled note's publication time: re-reads the note, which may have been edited since. */
export async function publishDue(data: { workspaceId: string; noteId: string; publishedAt: string }, now = new Date()): Promise<void> {
  await scopedDb(data.workspaceId).$transaction(async (tx) => {
    const note = await tx.releaseNote.findUnique({ where: { id: data.noteId }, include: WITH_POST_IDS });
    // Deleted, unpublished, or moved to another time (that change queued its own job).
    if (!note || note.publishedAt?.toISOString() !== data.publishedAt || noteState(note, now) !== "published") return;
    await recordPublished(tx, data.workspaceId, note, now);
  });
}

/** The job at a scheduled note's publication time: records release_note.published if still due. */
export const publishDueJob = defineJob({
  name: PUBLISH_DUE_JOB,
  payload: z.strictObject({ workspaceId: z.string().min(1), noteId: z.string().min(1), publishedAt: z.iso.datetime() }),
  handle: (data) => publishDue(data),
});
