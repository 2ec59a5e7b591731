import { z } from "zod";
import { idField, timestampField } from "@/lib/platform/core/fields";
import type { Comment } from "@/lib/generated/prisma/client";
import { publicAuthor, publicAuthorSchema } from "@/lib/domain/posts/view";

/** A visible comment as the portal shows it; `isTeamReply` marks a reply the workspace's team wrote from the dashboard. */
export function publicCommentView(comment: Pick<Comment, "id" | "body" | "isTeamReply" | "createdAt"> & { author: { name: string | null; avatarUrl?: string | null } | null }) {
  return { id: comment.id, body: comment.body, author: publicAuthor(comment.author), isTeamReply: comment.isTeamReply, createdAt: comment.createdAt.toISOString() };
}

export const publicCommentSchema = z.strictObject({
  id: idField,
  body: z.string(),
  author: publicAuthorSchema,
  isTeamReply: z.boolean().meta({ description: "A reply the workspace's team wrote." }),
  createdAt: timestampField,
});
