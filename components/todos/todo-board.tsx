"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useOptimistic, useState, useTransition } from "react";
import { LocalTime } from "@/components/ui/local-time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { Role } from "@/lib/generated/prisma/enums";
import type { TodoBoard as Board, TodoState } from "@/lib/domain/todos/get-todo-board";
import type { todoView } from "@/lib/domain/todos/view";
import { createTodoAction, deleteTodoListAction, updateTodoAction } from "@/lib/surfaces/actions/dashboard/todos";
import { ListTitle } from "./list-title";
import { QuickAdd } from "./quick-add";
import { TodoListsNav } from "./todo-lists-nav";

type Todo = ReturnType<typeof todoView>;
type Change = { type: "add"; todo: Todo } | { type: "patch"; id: string; patch: Partial<Todo> };

const FILTERS: { state: TodoState; label: string }[] = [
  { state: "open", label: "Open" },
  { state: "completed", label: "Completed" },
  { state: "archived", label: "Archived" },
  { state: "all", label: "All" },
];

const EMPTY: Record<TodoState, string> = {
  open: "Nothing open. Add a todo above.",
  completed: "Nothing completed yet.",
  archived: "Nothing archived.",
  all: "This list is empty. Add a todo above.",
};

type TodoBoardProps = {
  slug: string;
  role: Role;
  canManage: boolean;
  board: Board;
  state: TodoState;
  limitMessage: string | null;
  usage: React.ReactNode;
};

/** Lists on the side; the chosen list's items in one state, added, completed and archived in place. */
export function TodoBoard({ slug, role, canManage, board, state, limitMessage, usage }: TodoBoardProps) {
  const router = useRouter();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  // What was just done shows at once; the server's list replaces it when the page re-renders.
  const [items, applyChange] = useOptimistic(board.items, (current: Todo[], change: Change) =>
    change.type === "add" ? [change.todo, ...current] : current.map((todo) => (todo.id === change.id ? { ...todo, ...change.patch } : todo)),
  );
  const list = board.list;
  // Said while anything is being saved: the field never waits, so a reload too soon would lose it.
  const [saving, startTransition] = useTransition();

  function addTodo(title: string): Promise<string | null> {
    if (!list) return Promise.resolve(null);
    return new Promise((resolve) => {
      startTransition(async () => {
        const now = new Date().toISOString();
        applyChange({
          type: "add",
          todo: { id: `pending-${now}-${title}`, listId: list.id, listName: list.name, title, notes: "", completed: false, completedAt: null, archived: false, archivedAt: null, createdAt: now, updatedAt: now },
        });
        try {
          const result = await createTodoAction(slug, { listId: list.id, title });
          resolve(result.ok ? null : (result.fieldErrors.title ?? Object.values(result.fieldErrors)[0] ?? "The todo could not be added."));
        } catch {
          resolve("The server did not answer; the todo was not added. Try again.");
        }
      });
    });
  }

  function patchTodo(todo: Todo, input: { completed?: boolean; archived?: boolean }, done: string) {
    startTransition(async () => {
      const now = new Date().toISOString();
      applyChange({
        type: "patch",
        id: todo.id,
        patch: {
          ...(input.completed !== undefined ? { completed: input.completed, completedAt: input.completed ? now : null } : {}),
          ...(input.archived !== undefined ? { archived: input.archived, archivedAt: input.archived ? now : null } : {}),
        },
      });
      try {
        const result = await updateTodoAction(slug, todo.id, input);
        if (!result.ok) toast.error(Object.values(result.fieldErrors)[0] ?? "The todo could not be changed.");
        else if (done) toast.success(done);
      } catch {
        toast.error("The server did not answer; the todo was not changed. Try again.");
      }
    });
  }

  async function removeList(): Promise<string | null> {
    if (!list) return null;
    const result = await deleteTodoListAction(slug, list.id);
    if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The list could not be deleted.";
    toast.success(`“${list.name}” is deleted with its ${result.data.deletedItems} item${result.data.deletedItems === 1 ? "" : "s"}.`);
    setDeleting(false);
    router.replace(`/w/${slug}/todos?state=${state}`);
    return null;
  }

  return (
    <main className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight lg:sr-only">Todos</h1>
        <TodoListsNav slug={slug} lists={board.lists} currentId={list?.id ?? null} state={state} canManage={canManage} />
      </div>

      <div className="min-w-0 space-y-4">
        {canManage ? null : <Alert tone="info">You are a {role.toLowerCase()}: you can read the lists, but only members, admins and owners can change them.</Alert>}
        {list ? (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <ListTitle key={list.id} slug={slug} list={list} canManage={canManage} onDelete={() => setDeleting(true)} />
              <div className="flex items-center gap-3">
                <span role="status" className="text-sm text-slate-500" data-testid="todos-saving">
                  {saving ? "Saving…" : ""}
                </span>
                {usage}
              </div>
            </div>

            {canManage && (state === "open" || state === "all") ? <QuickAdd listName={list.name} limitMessage={limitMessage} add={addTodo} /> : null}

            <nav aria-label="Filter todos" className="border-b border-slate-200">
              <ul className="-mb-px flex gap-1 overflow-x-auto text-sm">
                {FILTERS.map((filter) => {
                  const current = filter.state === state;
                  return (
                    <li key={filter.state} className="shrink-0">
                      <Link
                        href={`/w/${slug}/todos?list=${list.id}&state=${filter.state}`}
                        aria-current={current ? "page" : undefined}
                        className={`block border-b-2 px-3 py-2 font-medium whitespace-nowrap ${current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
                      >
                        {filter.label} <span className="text-xs tabular-nums text-slate-500">{board.counts?.[filter.state] ?? 0}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>

            {items.length ? (
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="todo-items">
                {items.map((todo) => (
                  <TodoRow key={todo.id} todo={todo} canManage={canManage} onPatch={patchTodo} />
                ))}
              </ul>
            ) : (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-sm text-slate-600">{EMPTY[state]}</p>
            )}
            {board.truncated ? <p className="text-sm text-slate-600">Showing the newest 500; archive finished items to see older ones.</p> : null}
          </>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <h2 className="font-medium text-slate-900">No lists yet</h2>
            <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
              {canManage ? "Create a list on the left (“Launch”, “Bugs to triage”…), then add todos to it." : "Nobody has created a todo list in this workspace yet."}
            </p>
          </div>
        )}
      </div>

      <ConfirmDialog
        open={deleting}
        title={list ? `Delete “${list.name}”?` : "Delete list?"}
        confirmLabel="Delete list"
        pendingLabel="Deleting…"
        onConfirm={removeList}
        onCancel={() => setDeleting(false)}
        testId="delete-list-dialog"
      >
        <p>The list and all {board.counts?.all ?? 0} of its todos, archived ones included, are deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </main>
  );
}

function TodoRow({ todo, canManage, onPatch }: { todo: Todo; canManage: boolean; onPatch: (todo: Todo, input: { completed?: boolean; archived?: boolean }, done: string) => void }) {
  const hydrated = useHydrated();
  const pending = todo.id.startsWith("pending-");
  const checkboxId = `todo-${todo.id}`;
  return (
    <li className={`flex items-center gap-3 px-4 py-2.5 ${pending ? "opacity-60" : ""}`} data-testid="todo-item" data-title={todo.title} data-completed={todo.completed} data-archived={todo.archived}>
      {canManage ? (
        <input
          id={checkboxId}
          type="checkbox"
          className="size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
          checked={todo.completed}
          disabled={!hydrated || pending || todo.archived}
          onChange={(event) => onPatch(todo, { completed: event.target.checked }, "")}
        />
      ) : (
        <span aria-hidden="true" className={`flex size-4 shrink-0 items-center justify-center rounded border text-[10px] ${todo.completed ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300"}`}>
          {todo.completed ? "✓" : ""}
        </span>
      )}
      {canManage ? (
        <label dir="auto" htmlFor={checkboxId} className={`min-w-0 flex-1 text-sm break-words ${todo.completed ? "text-slate-500 line-through" : "text-slate-900"}`}>
          {todo.title}
        </label>
      ) : (
        <span dir="auto" className={`min-w-0 flex-1 text-sm break-words ${todo.completed ? "text-slate-500 line-through" : "text-slate-900"}`}>
          {todo.title}
          {todo.completed ? <span className="sr-only"> (completed)</span> : null}
        </span>
      )}
      <span className="hidden shrink-0 text-xs text-slate-500 sm:inline">
        {todo.archivedAt ? "archived " : todo.completedAt ? "done " : null}
        <LocalTime value={todo.archivedAt ?? todo.completedAt ?? todo.createdAt} date />
      </span>
      {canManage && !pending ? (
        <Button
          variant="ghost"
          className="shrink-0 px-2 py-1 text-xs"
          onClick={() => onPatch(todo, { archived: !todo.archived }, todo.archived ? `“${todo.title}” is restored.` : `“${todo.title}” is archived.`)}
          aria-label={`${todo.archived ? "Restore" : "Archive"} ${todo.title}`}
        >
          {todo.archived ? "Restore" : "Archive"}
        </Button>
      ) : null}
    </li>
  );
}
