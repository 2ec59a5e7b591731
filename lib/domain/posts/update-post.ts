import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import type { Post } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getPostOrThrow } from "./get-post";
import { updatePostBody, type UpdatePostInput } from "./schemas";
import { allowedNextStatuses, canTransition } from "./status-rules";
import { statusNoteSchema } from "./status-note";
import { postView } from "./view";

/** The post changed since the caller read it; carries the current post so a form can show it. */
export class StalePostError extends DomainError {
  constructor(readonly current: Post) {
    super("CONFLICT", "Someone else changed this post since you opened it. Review the current version, then save again.", [
      { path: "version", message: "The post changed since you opened it.", code: "stale" },
    ]);
  }
}

export interface UpdatePostOptions {
  /**
   * The `version` the caller's form was opened with. When given, a post edited since is refused
   * with StalePostError instead of being overwritten (the dashboard's two-tabs rule). The API
   * sends none and keeps its contract: last write wins, but never across a status race.
   */
  expectedVersion?: number;
  /**
   * The team's note to the post's voters on a status change (the dashboard's form): kept with the
   * change and included in the mail they get. Ignored when the status does not change.
   */
  note?: string;
}


/**
 * Changes title, body, tags or status (the surfaces' one update: PATCH /api/v1/posts/{id} and the
 * dashboard's post page). The status must follow lib/domain/posts/status-rules.ts; a merged post stays closed.
 */
export async function updatePost(actor: WorkspaceActor, id: string, input: UpdatePostInput, options: UpdatePostOptions = {}) {
  authorize(actor, "posts.edit", "edit posts");
  const body = validate(updatePostBody, input, "The post is not valid.");
  if (body.status !== undefined) authorize(actor, "posts.changeStatus", "change a post's status");
  const note = options.note === undefined ? "" : validate(statusNoteSchema, { note: options.note }, "The note is not valid.").note;
  return actor.db.$transaction(async (tx) => {
    const current = await getPostOrThrow(tx, id);
    if (options.expectedVersion !== undefined && current.version !== options.expectedVersion) throw new StalePostError(current);
    if (body.status !== undefined) checkStatusMove(current, body.status);
    // Conditional on what was just read, so two racing changes cannot both pass the checks above:
    // the status and merge state always, and a form's save also on the version it saw (the loser
    // is told and shown the current post, never silently overwritten). The API sends no version
    // and keeps its contract: concurrent title edits both apply, the last one wins.
    const unchanged = {
      status: current.status,
      mergedIntoId: current.mergedIntoId,
      ...(options.expectedVersion !== undefined ? { version: current.version } : {}),
    };
    const editsText = body.title !== undefined || body.body !== undefined || body.tags !== undefined;
    const { count } = await tx.post.updateMany({ where: { id, ...unchanged }, data: { ...body, ...(editsText ? { version: { increment: 1 } } : {}) } });
    if (count === 0) {
      if (options.expectedVersion !== undefined) throw new StalePostError(await getPostOrThrow(tx, id));
      throw new DomainError("CONFLICT", "The post changed while this request ran. Fetch it and retry.");
    }
    const updated = postView(await getPostOrThrow(tx, id));
    const before = postView(current);
    const { workspaceId } = actor;
    if (editsText) await recordEvent(tx, { workspaceId, type: "post.updated", data: updated, previous: before });
    if (updated.status !== before.status) {
      // Who changed it and what they told the voters travel with the event, for the mail it leads to.
      const event = await recordEvent(tx, {
        workspaceId,
        type: "post.status_changed",
        data: updated,
        previous: { status: before.status },
        context: { actorId: actor.userId, note: note || null },
      });
      await tx.postStatusChange.create({
        data: { workspaceId, postId: id, from: before.status, to: updated.status, actorId: actor.userId, note: note || null, eventId: event.id },
      });
    }
    return updated;
  });
}

function checkStatusMove(current: Post, next: Post["status"]) {
  if (current.mergedIntoId && next !== current.status) {
    throw new DomainError("VALIDATION_ERROR", "That status change is not allowed.", [
      { path: "status", message: "This post was merged into another and stays closed.", code: "merged" },
    ]);
  }
  if (!canTransition(current.status, next)) {
    throw new DomainError("VALIDATION_ERROR", "That status change is not allowed.", [
      {
        path: "status",
        message: `Cannot move a post from ${current.status} to ${next}. Allowed: ${allowedNextStatuses(current.status).join(", ")}.`,
        code: "invalid_transition",
      },
    ]);
  }
}
