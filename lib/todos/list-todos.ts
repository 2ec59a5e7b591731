import { keysetArgs, toPage, type SortSpec } from "@/lib/api/pagination";
import type { ScopedDb } from "@/lib/db/scoped";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListTodosQuery } from "./schemas";
import { todoInclude, todoView } from "./view";

const NEWEST: SortSpec = { name: "newest", field: "createdAt", direction: "desc", kind: "date" };

// The states partition the items: archived wins over completed, so an archived item that was also
// completed is listed once, under archived.
const STATE_FILTERS: Record<ListTodosQuery["state"], Prisma.TodoItemWhereInput> = {
  open: { completedAt: null, archivedAt: null },
  completed: { completedAt: { not: null }, archivedAt: null },
  archived: { archivedAt: { not: null } },
  all: {},
};

export async function listTodos(db: ScopedDb, query: ListTodosQuery) {
  const page = keysetArgs(NEWEST, query.cursor, query.limit);
  const rows = await db.todoItem.findMany({
    where: { AND: [STATE_FILTERS[query.state], query.listId ? { listId: query.listId } : {}, page.where] },
    orderBy: page.orderBy,
    take: page.take,
    include: todoInclude,
  });
  return toPage(rows, NEWEST, query.limit, todoView);
}
