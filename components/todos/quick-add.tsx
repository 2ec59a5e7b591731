"use client";

import { useId, useRef, useState } from "react";

type QuickAddProps = {
  listName: string;
  /** The plan's refusal when the item limit is reached, said before anyone types. */
  limitMessage: string | null;
  /** Resolves to an error message, or null once the item is saved. */
  add: (title: string) => Promise<string | null>;
};

/**
 * The one-line "add a todo" field: Enter adds the item and empties the field, and the cursor stays
 * in it, so a list is typed in one go. The field never waits for the server; a refused item comes
 * back into the field (unless something new was typed meanwhile) with the reason under it.
 */
export function QuickAdd({ listName, limitMessage, add }: QuickAddProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (limitMessage) return;
    const text = title.trim();
    if (!text) {
      setError("Title must not be empty.");
      return;
    }
    setTitle("");
    setError(null);
    input.current?.focus();
    const refusal = await add(text);
    if (refusal) {
      setError(refusal);
      setTitle((current) => current || text);
    }
  }

  const message = limitMessage ?? error;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a todo">
      <label htmlFor={id} className="sr-only">
        New todo in {listName}
      </label>
      <div className={`flex items-center gap-3 rounded-lg border bg-white px-3 shadow-sm focus-within:ring-2 focus-within:ring-indigo-500 ${message ? "border-red-400" : "border-slate-300"}`}>
        <span aria-hidden="true" className="text-lg leading-none text-slate-400">
          +
        </span>
        <input
          ref={input}
          id={id}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (error) setError(null);
          }}
          disabled={Boolean(limitMessage)}
          placeholder={limitMessage ? "The plan's todo limit is reached" : "Add a todo and press Enter"}
          maxLength={200}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className="min-w-0 flex-1 bg-transparent py-2.5 text-sm outline-none placeholder:text-slate-400 disabled:cursor-not-allowed"
          data-testid="quick-add"
        />
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className={`mt-1 text-sm ${limitMessage ? "text-amber-800" : "text-red-600"}`}>
          {message}
        </p>
      ) : null}
    </form>
  );
}
