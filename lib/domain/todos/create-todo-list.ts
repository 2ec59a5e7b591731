import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import type { ScopedTx } from "@/lib/platform/db/scoped";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { todoListBody, type TodoListInput } from "./schemas";

/** Lists are not a plan resource, but still bounded: a workspace past this is misusing them. */
export const MAX_TODO_LISTS = 200;

/** An empty list. Names are unique per workspace (the API finds lists by name). */
export async function createTodoList(actor: WorkspaceActor, input: TodoListInput) {
  authorize(actor, "todos.manage", "create todo lists");
  const { name } = validate(todoListBody, input, "The list is not valid.");
  // Under the workspace lock, so two tabs creating the same name get one list and a clear refusal.
  return actor.db.$transactionLocked(async (tx) => {
    await refuseTakenName(tx, name);
    if ((await tx.todoList.count()) >= MAX_TODO_LISTS) {
      throw new DomainError("VALIDATION_ERROR", "Too many lists.", [
        { path: "name", message: `A workspace holds at most ${MAX_TODO_LISTS} lists. Delete one you no longer need.`, code: "too_big" },
      ]);
    }
    const list = await tx.todoList.create({ data: { workspaceId: actor.workspaceId, name } });
    return { id: list.id, name: list.name };
  });
}

export async function refuseTakenName(tx: ScopedTx, name: string, exceptId?: string) {
  const taken = await tx.todoList.findFirst({ where: { name, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (taken) {
    throw new DomainError("VALIDATION_ERROR", "The list name is taken.", [{ path: "name", message: `A list named “${name}” already exists.`, code: "taken" }]);
  }
}
