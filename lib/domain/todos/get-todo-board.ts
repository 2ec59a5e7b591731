import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PLANS } from "@/lib/domain/plans/limits";
import { TODO_STATES } from "./schemas";
import { todoInclude, todoView } from "./view";

export type TodoState = (typeof TODO_STATES)[number];

// The dashboard shows one list at a time, up to this many items of the chosen state (the Free
// plan's whole allowance), newest first.
export const BOARD_ITEMS_LIMIT = PLANS.FREE.limits.todoItems;

// The states partition the items: archived wins over completed, so an archived item that was also
// completed is listed once, under archived (the API's `state` filter and the dashboard's tabs).
export const TODO_STATE_FILTERS: Record<TodoState, Prisma.TodoItemWhereInput> = {
  open: { completedAt: null, archivedAt: null },
  completed: { completedAt: { not: null }, archivedAt: null },
  archived: { archivedAt: { not: null } },
  all: {},
};

/** The todos page: every list with its open count, and the chosen list's items in one state. */
export async function getTodoBoard(db: ScopedDb, { listId, state }: { listId: string | null; state: TodoState }) {
  const lists = await db.todoList.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
  // Open items counted per list by the lists' ids: a relation count would aggregate the open items
  // of every workspace's lists first (a sequential scan of the whole table).
  const open = lists.length
    ? await db.todoItem.groupBy({ by: ["listId"], where: { listId: { in: lists.map((each) => each.id) }, ...TODO_STATE_FILTERS.open }, _count: { _all: true } })
    : [];
  const openCounts = new Map(open.map((group) => [group.listId, group._count._all]));
  const list = lists.find((candidate) => candidate.id === listId) ?? lists[0] ?? null;
  if (!list) return { lists: [], list: null, items: [], counts: null, truncated: false };

  const [items, ...counts] = await Promise.all([
    db.todoItem.findMany({
      where: { listId: list.id, ...TODO_STATE_FILTERS[state] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: BOARD_ITEMS_LIMIT + 1,
      include: todoInclude,
    }),
    ...TODO_STATES.map((each) => db.todoItem.count({ where: { listId: list.id, ...TODO_STATE_FILTERS[each] } })),
  ]);
  return {
    lists: lists.map((each) => ({ id: each.id, name: each.name, openCount: openCounts.get(each.id) ?? 0 })),
    list: { id: list.id, name: list.name },
    items: items.slice(0, BOARD_ITEMS_LIMIT).map(todoView),
    counts: Object.fromEntries(TODO_STATES.map((each, index) => [each, counts[index]!])) as Record<TodoState, number>,
    truncated: items.length > BOARD_ITEMS_LIMIT,
  };
}
export type TodoBoard = Awaited<ReturnType<typeof getTodoBoard>>;
