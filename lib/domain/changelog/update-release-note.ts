import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import type { ReleaseNote } from "@/lib/generated/prisma/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getReleaseNoteRowOrThrow } from "./get-release-note";
import { linkShippedPosts } from "./link-posts";
import { noteState } from "@/lib/domain/access/published-release-notes";
import { recordEvent } from "@/lib/platform/events/record-event";
import { announcePublication } from "./publication-event";
import { publicationDate } from "./publication-date";
import { updateReleaseNoteBody, type UpdateReleaseNoteBody } from "./schemas";
import { releaseNoteView, type ReleaseNoteView } from "./view";

/** The note changed since the caller read it; carries the current note so a form can show it. */
export class StaleReleaseNoteError extends DomainError {
  constructor(readonly current: ReleaseNoteView) {
    super("CONFLICT", "Someone else saved this release note since you opened it. Review the current version, then save again.", [
      { path: "version", message: `The note is at version ${current.version} now; you edited an older one.`, code: "stale" },
    ]);
  }
}

/**
 * Edits a note's text and linked posts, and publishes it now, schedules it (`publishedAt` ahead)
 * or unpublishes it to a draft: PATCH /api/v1/changelog/{id} and the dashboard's editor. With
 * `version`, a note saved meanwhile by someone else is refused, never overwritten.
 */
export async function updateReleaseNote(actor: WorkspaceActor, id: string, input: UpdateReleaseNoteBody, now = new Date()) {
  authorize(actor, "changelog.manage", "edit release notes");
  const body = validate(updateReleaseNoteBody, input, "The release note is not valid.");
  return actor.db.$transaction(async (tx) => {
    const current = await getReleaseNoteRowOrThrow(tx, id);
    if (body.version !== undefined && current.version !== body.version) throw new StaleReleaseNoteError(releaseNoteView(current, now));
    const { count } = await tx.releaseNote.updateMany({
      // Conditional on the version just read: of two racing saves, exactly one applies.
      where: { id, version: current.version },
      data: { title: body.title, body: body.body, ...publication(current, body, now), version: { increment: 1 } },
    });
    if (count === 0) {
      const latest = await getReleaseNoteRowOrThrow(tx, id);
      if (body.version !== undefined) throw new StaleReleaseNoteError(releaseNoteView(latest, now));
      throw new DomainError("CONFLICT", "The release note changed while this request ran. Fetch it and retry.");
    }
    if (body.postIds) await linkShippedPosts(tx, actor.workspaceId, id, body.postIds);
    const note = await getReleaseNoteRowOrThrow(tx, id);
    const view = releaseNoteView(note, now);
    const previous = changedFields(releaseNoteView(current, now), view);
    if (previous) await recordEvent(tx, { workspaceId: actor.workspaceId, type: "release_note.updated", data: view, previous });
    await announcePublication(tx, actor.workspaceId, note, now);
    return view;
  });
}

const WATCHED = ["title", "body", "postIds", "status", "publishedAt"] as const;

/**
 * What an edit changed, as it was before, or null when nothing a reader sees changed. Going live
 * is told by release_note.published alone, so a note's publication is not also an update.
 */
function changedFields(before: ReleaseNoteView, after: ReleaseNoteView): Partial<ReleaseNoteView> | null {
  const wentLive = after.status === "published" && before.status !== "published";
  const changed = WATCHED.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]) && !(wentLive && (field === "status" || field === "publishedAt")));
  return changed.length ? Object.fromEntries(changed.map((field) => [field, before[field]])) : null;
}

function publication(current: ReleaseNote, body: ReturnType<typeof updateReleaseNoteBody.parse>, now: Date): Partial<Pick<ReleaseNote, "status" | "publishedAt">> {
  if (body.status === "draft") return { status: "draft", publishedAt: null };
  if (body.publishedAt !== undefined) return { status: "published", publishedAt: publicationDate(body.publishedAt, now) };
  if (body.status !== "published") return {};
  // Publishing a note that is already live keeps its date; a draft or a scheduled note goes live now.
  return { status: "published", publishedAt: noteState(current, now) === "published" ? current.publishedAt : now };
}
