import { validate } from "@/lib/platform/core/validate";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { linkShippedPosts } from "./link-posts";
import { announcePublication } from "./publication-event";
import { publicationDate } from "./publication-date";
import { createReleaseNoteBody, type CreateReleaseNoteBody } from "./schemas";
import { releaseNoteView, WITH_POST_IDS } from "./view";

/**
 * A release note by the caller: published now, scheduled (`publishedAt` ahead), or kept as a
 * draft with `publish: false`; within the plan's note limit (lib/domain/plans/limits.ts).
 */
export async function createReleaseNote(actor: WorkspaceActor, input: CreateReleaseNoteBody, now = new Date()) {
  authorize(actor, "changelog.manage", "write release notes");
  const body = validate(createReleaseNoteBody, input, "The release note is not valid.");
  const publishedAt = body.publish ? publicationDate(body.publishedAt, now) : null;
  const note = await createWithinPlanLimit(actor.db, "releaseNotes", async (tx) => {
    const created = await tx.releaseNote.create({
      data: { workspaceId: actor.workspaceId, authorId: actor.userId, title: body.title, body: body.body, status: body.publish ? "published" : "draft", publishedAt },
    });
    if (body.postIds?.length) await linkShippedPosts(tx, actor.workspaceId, created.id, body.postIds);
    const note = await tx.releaseNote.findUniqueOrThrow({ where: { id: created.id }, include: WITH_POST_IDS });
    await announcePublication(tx, actor.workspaceId, note, now);
    return note;
  });
  return releaseNoteView(note, now);
}
