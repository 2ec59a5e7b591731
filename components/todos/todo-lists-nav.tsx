"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useActionForm } from "@/components/ui/use-action-form";
import { createTodoListAction } from "@/lib/surfaces/actions/dashboard/todos";

type TodoListsNavProps = {
  slug: string;
  lists: { id: string; name: string; openCount: number }[];
  currentId: string | null;
  state: string;
  canManage: boolean;
};

/** The lists, each with its open count, and (for members) a field that creates one and opens it. */
export function TodoListsNav({ slug, lists, currentId, state, canManage }: TodoListsNavProps) {
  return (
    <nav aria-label="Todo lists" className="space-y-3">
      <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Lists</p>
      {lists.length ? (
        <ul className="flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible" data-testid="todo-lists">
          {lists.map((list) => {
            const current = list.id === currentId;
            return (
              <li key={list.id} className="shrink-0">
                <Link
                  href={`/w/${slug}/todos?list=${list.id}&state=${state}`}
                  aria-current={current ? "page" : undefined}
                  className={`flex items-center justify-between gap-3 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${
                    current ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  <span dir="auto" className="truncate">{list.name}</span>
                  <span className={`text-xs tabular-nums ${current ? "text-indigo-600" : "text-slate-500"}`}>
                    {list.openCount}
                    <span className="sr-only"> open</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {canManage ? <NewListForm slug={slug} state={state} /> : null}
    </nav>
  );
}

function NewListForm({ slug, state }: Pick<TodoListsNavProps, "slug" | "state">) {
  const router = useRouter();
  const [name, setName] = useState("");
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; the list was not created. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) return setErrors({ name: "Name must not be empty." });
    await submit(
      () => createTodoListAction(slug, { name }),
      (list) => {
        setName("");
        router.push(`/w/${slug}/todos?list=${list.id}&state=${state}`);
      },
    );
  }

  const error = errors.name ?? formError(new Set(["name"]));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New list" className="px-1">
      <div className="flex gap-2">
        <label htmlFor="new-list-name" className="sr-only">
          New list name
        </label>
        <input
          id="new-list-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="New list…"
          maxLength={100}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "new-list-error" : undefined}
          className={`min-w-0 flex-1 rounded-md border bg-white px-2.5 py-1.5 text-sm placeholder:text-slate-400 ${error ? "border-red-500" : "border-slate-300"}`}
        />
        <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={pending}>
          {pending ? "Adding…" : "Add"}
        </Button>
      </div>
      {error ? (
        <p id="new-list-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
