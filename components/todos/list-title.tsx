"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { renameTodoListAction } from "@/lib/surfaces/actions/dashboard/todos";

type ListTitleProps = {
  slug: string;
  list: { id: string; name: string };
  canManage: boolean;
  onDelete: () => void;
};

/** The list's name; members rename it in place (Enter saves, Escape cancels) or delete it. */
export function ListTitle({ slug, list, canManage, onDelete }: ListTitleProps) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(list.name);
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; the list was not renamed. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) return setErrors({ name: "Name must not be empty." });
    if (name.trim() === list.name) return setEditing(false);
    await submit(
      () => renameTodoListAction(slug, list.id, { name }),
      (renamed) => {
        setEditing(false);
        toast.success(`Renamed to “${renamed.name}”.`);
      },
    );
  }

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <h2 dir="auto" className="truncate text-xl font-semibold tracking-tight" data-testid="list-name">
          {list.name}
        </h2>
        {canManage ? (
          <>
            <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => { setName(list.name); setEditing(true); }}>
              Rename
            </Button>
            <Button variant="ghost" className="px-2 py-1 text-xs text-red-700 hover:bg-red-50" onClick={onDelete}>
              Delete list
            </Button>
          </>
        ) : null}
      </div>
    );
  }

  const error = errors.name ?? formError(new Set(["name"]));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Rename list" className="min-w-0 flex-1">
      <div className="flex items-center gap-2">
        <label htmlFor="list-name-input" className="sr-only">
          List name
        </label>
        <input
          id="list-name-input"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") setEditing(false);
          }}
          maxLength={100}
          autoComplete="off"
          autoFocus
          readOnly={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "list-name-error" : undefined}
          className={`min-w-0 flex-1 rounded-md border bg-white px-2.5 py-1.5 text-lg font-semibold ${error ? "border-red-500" : "border-slate-300"}`}
        />
        <Button type="submit" className="px-3 py-1.5" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
        <Button variant="ghost" className="px-3 py-1.5" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
      {error ? (
        <p id="list-name-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
