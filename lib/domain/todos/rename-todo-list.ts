import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { refuseTakenName } from "./create-todo-list";
import { getTodoListOrThrow } from "./get-todo-list";
import { todoListBody, type TodoListInput } from "./schemas";

export async function renameTodoList(actor: WorkspaceActor, id: string, input: TodoListInput) {
  authorize(actor, "todos.manage", "rename todo lists");
  const { name } = validate(todoListBody, input, "The list name is not valid.");
  return actor.db.$transactionLocked(async (tx) => {
    await getTodoListOrThrow(tx, id);
    await refuseTakenName(tx, name, id);
    await tx.todoList.updateMany({ where: { id }, data: { name } });
    return { id, name };
  });
}
