import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getTodoOrThrow } from "./get-todo";
import { updateTodoBody, type UpdateTodoInput } from "./schemas";
import { todoView } from "./view";

/**
 * Edits title and notes, and sets or clears completion and archiving. Completing an
 * already completed item keeps its original completedAt (likewise archivedAt).
 */
export async function updateTodo(actor: WorkspaceActor, id: string, input: UpdateTodoInput) {
  authorize(actor, "todos.manage", "change todos");
  const body = validate(updateTodoBody, input, "The todo change is not valid.");
  return actor.db.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.todoItem.updateMany({
      where: { id },
      data: {
        title: body.title,
        notes: body.notes,
        updatedAt: now,
        ...(body.completed === false ? { completedAt: null } : {}),
        ...(body.archived === false ? { archivedAt: null } : {}),
      },
    });
    if (count === 0) throw new DomainError("NOT_FOUND", "Todo not found.");
    // Stamped only where still unset, by a conditional update rather than a read-then-write, so
    // two requests completing the same item at once agree on a single completedAt.
    // Only the request that really stamped it records the event: completing twice is one completion.
    const completed = body.completed ? (await tx.todoItem.updateMany({ where: { id, completedAt: null }, data: { completedAt: now } })).count > 0 : false;
    if (body.archived) await tx.todoItem.updateMany({ where: { id, archivedAt: null }, data: { archivedAt: now } });
    const todo = todoView(await getTodoOrThrow(tx, id));
    if (completed) await recordEvent(tx, { workspaceId: actor.workspaceId, type: "todo.completed", data: todo });
    return todo;
  });
}
