import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { idField, timestampField } from "@/lib/platform/core/fields";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";

/**
 * One comment as a member sees it (hidden ones too), for the API's single read: it is what a
 * moderation or a deletion compares `If-Match` with, so a moderator never hides or deletes a
 * comment in a state they did not see.
 */
export async function getComment(db: ScopedDb | ScopedTx, id: string) {
  const comment = await db.comment.findUnique({
    where: { id },
    select: { id: true, postId: true, body: true, isTeamReply: true, hiddenAt: true, createdAt: true, updatedAt: true, author: { select: { id: true, name: true } } },
  });
  if (!comment) throw new DomainError("NOT_FOUND", "Comment not found.");
  return {
    id: comment.id,
    postId: comment.postId,
    body: comment.body,
    author: comment.author,
    isTeamReply: comment.isTeamReply,
    hiddenAt: comment.hiddenAt?.toISOString() ?? null,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
  };
}

export const commentSchema = z
  .strictObject({
    id: idField,
    postId: idField,
    body: z.string(),
    author: z.strictObject({ id: idField, name: z.string().nullable() }).nullable().meta({ description: "Its author, or null once their account was deleted." }),
    isTeamReply: z.boolean().meta({ description: "Written by the workspace's team; the portal marks it." }),
    hiddenAt: timestampField.nullable().meta({ description: "When a moderator hid it from the portal, or null." }),
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "Comment" });
