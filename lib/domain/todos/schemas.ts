import { z } from "zod";
import { changedPageQuery } from "@/lib/platform/core/pagination";
import { idSchema, safeText } from "@/lib/platform/core/schemas";

export const TODO_STATES = ["open", "completed", "archived", "all"] as const;

const title = safeText({ min: 1, max: 200, label: "title" });
const notes = safeText({ max: 10_000, label: "notes", multiline: true });

export const listTodosQuery = z.strictObject({
  ...changedPageQuery,
  listId: idSchema.optional(),
  state: z.enum(TODO_STATES, { message: `state must be one of: ${TODO_STATES.join(", ")}.` }).default("all"),
});

export const createTodoBody = z
  .strictObject({
    title,
    notes: notes.default(""),
    listId: idSchema.optional(),
    listName: safeText({ min: 1, max: 100, label: "listName" }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.listId !== undefined && value.listName !== undefined) {
      ctx.addIssue({ code: "custom", path: ["listName"], message: "Send either listId or listName, not both." });
    }
    if (value.listId === undefined && value.listName === undefined) {
      ctx.addIssue({ code: "custom", path: ["listId"], message: "Send listId (an existing list) or listName (found, or created with this item)." });
    }
  })
  .meta({ example: { listName: "Launch", title: "Write the announcement" } });

export const updateTodoBody = z
  .strictObject({
    title: title.optional(),
    notes: notes.optional(),
    completed: z.boolean({ message: "completed must be true or false." }).optional(),
    archived: z.boolean({ message: "archived must be true or false." }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Send at least one of: title, notes, completed, archived.",
  })
  .meta({ example: { completed: true } });

export const todoListBody = z.strictObject({ name: safeText({ min: 1, max: 100, label: "Name" }) });

export type ListTodosQuery = z.output<typeof listTodosQuery>;
export type CreateTodoInput = z.input<typeof createTodoBody>;
export type UpdateTodoInput = z.input<typeof updateTodoBody>;
export type TodoListInput = z.input<typeof todoListBody>;
export type CreateTodoBody = z.output<typeof createTodoBody>;
export type UpdateTodoBody = z.output<typeof updateTodoBody>;
