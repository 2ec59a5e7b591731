import { validate } from "@/lib/platform/core/validate";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { findOrCreateList } from "./find-or-create-list";
import { getTodoListOrThrow } from "./get-todo-list";
import { createTodoBody, type CreateTodoInput } from "./schemas";
import { todoInclude, todoView } from "./view";

/** A todo in an existing list (listId) or in a list found or created by name (listName). */
export async function createTodo(actor: WorkspaceActor, input: CreateTodoInput) {
  authorize(actor, "todos.manage", "add todos");
  const body = validate(createTodoBody, input, "The todo is not valid.");
  const { db } = actor;
  // An unknown list is a 404 before the plan limit is counted (the pipeline's order: tenant lookup, then limit).
  if (body.listId) await getTodoListOrThrow(db, body.listId);
  const item = await createWithinPlanLimit(db, "todoItems", async (tx) => {
    // Again under the lock: a list deleted in another tab meanwhile is a 404, not a foreign-key error.
    const listId = body.listId ? (await getTodoListOrThrow(tx, body.listId)).id : (await findOrCreateList(tx, db.workspaceId, body.listName!)).id;
    const created = await tx.todoItem.create({
      data: { workspaceId: db.workspaceId, listId, title: body.title, notes: body.notes },
      include: todoInclude,
    });
    await recordEvent(tx, { workspaceId: db.workspaceId, type: "todo.created", data: todoView(created) });
    return created;
  });
  return todoView(item);
}
