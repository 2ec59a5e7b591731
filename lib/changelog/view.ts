import { z } from "zod";
import { idField, timestampField } from "@/lib/api/response-schemas";
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

export const releaseNoteSchema = z
  .strictObject({
    id: idField,
    title: z.string(),
    body: z.string().meta({ description: "Markdown." }),
    status: z.enum(["draft", "published"]),
    publishedAt: timestampField.nullable(),
    authorId: idField.nullable(),
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "ReleaseNote" });
