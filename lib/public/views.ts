import { z } from "zod";
import type { Board, Comment, IncidentUpdate, ReleaseNote, StatusComponent } from "@/lib/generated/prisma/client";
import { countField, idField, timestampField } from "@/lib/core/fields";
import { sharedPostFields, sharedPostShape, withField } from "@/lib/posts/view";
import { COMPONENT_STATUSES, INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN } from "@/lib/status/incident-rules";
import { renderMarkdown } from "@/lib/markdown/render-markdown";

// What the public surface shows of each row, and nothing more: no emails, no user ids, no
// workspace ids, no private fields. Authors appear by display name only.
type Author = { name: string | null } | null;

export function publicAuthor(author: Author) {
  return author ? { name: author.name?.trim() || "Anonymous" } : null;
}

export function publicBoardView(board: Pick<Board, "id" | "slug" | "name" | "description" | "createdAt">) {
  return { id: board.id, slug: board.slug, name: board.name, description: board.description, createdAt: board.createdAt.toISOString() };
}

/** Posts a board lists and counts: not those merged into another (their votes moved there). */
export const LISTED_POSTS = { mergedIntoId: null };

export const PUBLIC_POST_SELECT = {
  id: true,
  boardId: true,
  title: true,
  body: true,
  status: true,
  tags: true,
  voteCount: true,
  commentCount: true,
  roadmapItemId: true,
  mergedIntoId: true,
  createdAt: true,
  updatedAt: true,
  author: { select: { name: true } },
} as const;

export type PublicPostRow = Parameters<typeof sharedPostFields>[0] & { author: Author };

/** The public post: the author by display name only, never an id. */
export function publicPostView(post: PublicPostRow) {
  return withField(sharedPostFields(post), "author", publicAuthor(post.author));
}
export type PublicPost = ReturnType<typeof publicPostView>;

/** A visible comment; `isTeamReply` marks a reply the workspace's team wrote from the dashboard. */
export function publicCommentView(comment: Pick<Comment, "id" | "body" | "isTeamReply" | "createdAt"> & { author: Author }) {
  return { id: comment.id, body: comment.body, author: publicAuthor(comment.author), isTeamReply: comment.isTeamReply, createdAt: comment.createdAt.toISOString() };
}

export function publicReleaseNoteView(note: Pick<ReleaseNote, "id" | "title" | "body" | "publishedAt">) {
  return {
    id: note.id,
    title: note.title,
    body: note.body,
    /** The Markdown body rendered to HTML that is safe to insert (raw HTML escaped, unsafe links dropped). */
    html: renderMarkdown(note.body),
    publishedAt: (note.publishedAt ?? new Date(0)).toISOString(),
  };
}
export type PublicReleaseNote = ReturnType<typeof publicReleaseNoteView>;

export function publicComponentView(component: Pick<StatusComponent, "id" | "name" | "description" | "status" | "updatedAt">) {
  return {
    id: component.id,
    name: component.name,
    description: component.description,
    status: component.status,
    updatedAt: component.updatedAt.toISOString(),
  };
}

/**
 * An incident's updates as the public sees them, newest first: the nested read for `updates`.
 * Nested relations are not fenced by the scoped accessor, so the workspace is named here (the
 * foreign keys already keep an incident's updates in its workspace; this keeps the query honest).
 */
export function publicIncidentUpdatesArgs(workspaceId: string, take: number) {
  return {
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }],
    take,
    select: { id: true, status: true, impact: true, message: true, createdAt: true },
  };
}

export function publicIncidentUpdateView(update: Pick<IncidentUpdate, "id" | "status" | "impact" | "message" | "createdAt">) {
  return { id: update.id, status: update.status, impact: update.impact, message: update.message, createdAt: update.createdAt.toISOString() };
}

// The response schemas of the views above (see lib/api/response-schemas.ts).
export const publicAuthorSchema = z.strictObject({ name: z.string() }).nullable().meta({ description: "Display name only; null when the account is gone." });

export const publicBoardSchema = z
  .strictObject({ id: idField, slug: z.string(), name: z.string(), description: z.string(), createdAt: timestampField, postCount: countField })
  .meta({ id: "PublicBoard" });

export const publicPostSchema = z.strictObject({ ...sharedPostShape, author: publicAuthorSchema }).meta({ id: "PublicPost" });

export const publicCommentSchema = z.strictObject({
  id: idField,
  body: z.string(),
  author: publicAuthorSchema,
  isTeamReply: z.boolean().meta({ description: "A reply the workspace's team wrote." }),
  createdAt: timestampField,
});

export const publicReleaseNoteSchema = z
  .strictObject({
    id: idField,
    title: z.string(),
    body: z.string().meta({ description: "Markdown." }),
    html: z.string().meta({ description: "The Markdown rendered to HTML that is safe to insert (raw HTML escaped, unsafe links dropped)." }),
    publishedAt: timestampField,
  })
  .meta({ id: "PublicReleaseNote" });

export const publicComponentSchema = z
  .strictObject({ id: idField, name: z.string(), description: z.string(), status: z.enum(COMPONENT_STATUSES), updatedAt: timestampField })
  .meta({ id: "PublicStatusComponent" });

export const publicIncidentUpdateSchema = z.strictObject({
  id: idField,
  status: z.enum(INCIDENT_STATUS_CHAIN),
  impact: z.enum(INCIDENT_IMPACTS),
  message: z.string(),
  createdAt: timestampField,
});
