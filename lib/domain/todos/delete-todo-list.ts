import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getTodoListOrThrow } from "./get-todo-list";

/** Deletes a list and every item in it, archived ones included (the dashboard asks first). */
export async function deleteTodoList(actor: WorkspaceActor, id: string) {
  authorize(actor, "todos.manage", "delete todo lists");
  // Under the workspace lock, which item creation also takes, so no item lands in a list being deleted.
  return actor.db.$transactionLocked(async (tx) => {
    const list = await getTodoListOrThrow(tx, id);
    const { count } = await tx.todoItem.deleteMany({ where: { listId: id } });
    await tx.todoList.deleteMany({ where: { id } });
    return { id, name: list.name, deletedItems: count };
  });
}
