import { DomainError } from "@/lib/core/errors";
import { idField, timestampField } from "@/lib/core/fields";
import type { ScopedDb, ScopedTx } from "@/lib/db/scoped";
import { z } from "zod";
import { postSchema, postView } from "./view";

const RELATED_LIMIT = 100;

export async function getPostOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const post = await db.post.findUnique({ where: { id } });
  if (!post) throw new DomainError("NOT_FOUND", "Post not found.");
  return post;
}

/** One post with its most recent votes and comments (counts cover all of them). */
export async function getPostWithActivity(db: ScopedDb, id: string) {
  const post = await db.post.findUnique({
    where: { id },
    include: {
      votes: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: RELATED_LIMIT, select: { id: true, userId: true, createdAt: true } },
      comments: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: RELATED_LIMIT,
        select: { id: true, body: true, isTeamReply: true, hiddenAt: true, createdAt: true, author: { select: { id: true, name: true } } },
      },
    },
  });
  if (!post) throw new DomainError("NOT_FOUND", "Post not found.");
  return {
    ...postView(post),
    votes: post.votes.map((vote) => ({ id: vote.id, userId: vote.userId, createdAt: vote.createdAt.toISOString() })),
    comments: post.comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      author: comment.author,
      isTeamReply: comment.isTeamReply,
      hiddenAt: comment.hiddenAt?.toISOString() ?? null,
      createdAt: comment.createdAt.toISOString(),
    })),
  };
}

export const postWithActivitySchema = z
  .strictObject({
    ...postSchema.shape,
    votes: z.array(z.strictObject({ id: idField, userId: idField, createdAt: timestampField })).meta({ description: `The newest ${RELATED_LIMIT} votes.` }),
    comments: z
      .array(
        z.strictObject({
          id: idField,
          body: z.string(),
          author: z.strictObject({ id: idField, name: z.string().nullable() }).nullable(),
          isTeamReply: z.boolean().meta({ description: "Written by the workspace's team from the dashboard; the portal marks it." }),
          hiddenAt: timestampField.nullable().meta({ description: "When a moderator hid it from the portal, or null." }),
          createdAt: timestampField,
        }),
      )
      .meta({ description: `The first ${RELATED_LIMIT} comments, oldest first.` }),
  })
  .meta({ id: "PostWithActivity" });
