import { changedSince, keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { TODO_STATE_FILTERS } from "./get-todo-board";
import type { ListTodosQuery } from "./schemas";
import { todoInclude, todoView } from "./view";

const NEWEST: SortSpec = { name: "newest", field: "createdAt", direction: "desc", kind: "date" };

export async function listTodos(db: ScopedDb, query: ListTodosQuery) {
  const page = keysetArgs(NEWEST, query.cursor, query.limit);
  const rows = await db.todoItem.findMany({
    where: { AND: [TODO_STATE_FILTERS[query.state], query.listId ? { listId: query.listId } : {}, changedSince(query.updatedSince), page.where] },
    orderBy: page.orderBy,
    take: page.take,
    include: todoInclude,
  });
  return toPage(rows, NEWEST, query.limit, todoView);
}
