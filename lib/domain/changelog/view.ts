import { z } from "zod";
import { idField, timestampField } from "@/lib/platform/core/fields";
import type { ReleaseNote } from "@/lib/generated/prisma/client";
import { NOTE_STATES, noteState } from "@/lib/domain/access/published-release-notes";
import { renderMarkdown } from "@/lib/platform/text/render-markdown";

export type ReleaseNoteWithPosts = ReleaseNote & { posts: { postId: string }[] };

/** Every read of a note loads the posts it ships with it. */
export const WITH_POST_IDS = { posts: { select: { postId: true }, orderBy: { postId: "asc" } } } as const;

export function releaseNoteView(note: ReleaseNoteWithPosts, now = new Date()) {
  return {
    id: note.id,
    title: note.title,
    body: note.body,
    status: noteState(note, now),
    publishedAt: note.publishedAt?.toISOString() ?? null,
    authorId: note.authorId,
    version: note.version,
    postIds: note.posts.map((link) => link.postId),
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

export type ReleaseNoteView = ReturnType<typeof releaseNoteView>;

export const releaseNoteSchema = z
  .strictObject({
    id: idField,
    title: z.string(),
    body: z.string().meta({ description: "Markdown." }),
    status: z.enum(NOTE_STATES).meta({
      description: "`scheduled`: published with a `publishedAt` still ahead; it turns `published` at that instant. Keys with only changelog:read see `published` notes only.",
    }),
    publishedAt: timestampField.nullable(),
    authorId: idField.nullable(),
    version: z.int().min(0).meta({ description: "Bumped by every edit; send it back in PATCH to refuse overwriting a newer edit (409)." }),
    postIds: z.array(idField).meta({ description: "The posts this note ships (their portal pages say “Shipped in …”)." }),
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "ReleaseNote" });

/** A live note as the portal, its feed and the public JSON show it: no state, author or version. */
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

export const publicReleaseNoteSchema = z
  .strictObject({
    id: idField,
    title: z.string(),
    body: z.string().meta({ description: "Markdown." }),
    html: z.string().meta({ description: "The Markdown rendered to HTML that is safe to insert (raw HTML escaped, unsafe links dropped)." }),
    publishedAt: timestampField,
  })
  .meta({ id: "PublicReleaseNote" });
