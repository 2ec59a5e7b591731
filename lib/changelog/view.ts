import type { ReleaseNote } from "@/lib/generated/prisma/client";

export function releaseNoteView(note: ReleaseNote) {
  return {
    id: note.id,
    title: note.title,
    body: note.body,
    status: note.status,
    publishedAt: note.publishedAt?.toISOString() ?? null,
    authorId: note.authorId,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}
