import { z } from "zod";
import { idField, timestampField } from "@/lib/platform/core/fields";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Every read of an item brings its list's name along. */
export const todoInclude = { list: { select: { name: true } } } satisfies Prisma.TodoItemInclude;

type TodoRow = Prisma.TodoItemGetPayload<{ include: typeof todoInclude }>;

export function todoView(item: TodoRow) {
  return {
    id: item.id,
    listId: item.listId,
    listName: item.list.name,
    title: item.title,
    notes: item.notes,
    completed: item.completedAt !== null,
    completedAt: item.completedAt?.toISOString() ?? null,
    archived: item.archivedAt !== null,
    archivedAt: item.archivedAt?.toISOString() ?? null,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

export const todoSchema = z
  .strictObject({
    id: idField,
    listId: idField,
    listName: z.string(),
    title: z.string(),
    notes: z.string(),
    completed: z.boolean(),
    completedAt: timestampField.nullable(),
    archived: z.boolean(),
    archivedAt: timestampField.nullable(),
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "Todo" });
