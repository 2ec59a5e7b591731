import type { ScopedDb } from "@/lib/db/scoped";
import { createWithinPlanLimit } from "@/lib/plans/enforce-plan-limit";
import { findOrCreateList } from "./find-or-create-list";
import { getTodoListOrThrow } from "./get-todo-list";
import type { CreateTodoBody } from "./schemas";
import { todoInclude, todoView } from "./view";

/** A todo in an existing list (listId) or in a list found or created by name (listName). */
export async function createTodo(db: ScopedDb, body: CreateTodoBody) {
  // An unknown list is a 404 before the plan limit is counted (SPEC B2: tenant lookup, then limit).
  if (body.listId) await getTodoListOrThrow(db, body.listId);
  const item = await createWithinPlanLimit(db, "todoItems", async (tx) => {
    const listId = body.listId ?? (await findOrCreateList(tx, db.workspaceId, body.listName!)).id;
    return tx.todoItem.create({
      data: { workspaceId: db.workspaceId, listId, title: body.title, notes: body.notes },
      include: todoInclude,
    });
  });
  return todoView(item);
}
