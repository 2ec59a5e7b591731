"use client";

import { Popover } from "radix-ui";
import { useEffect, useId, useRef, useState } from "react";
import { PostStatus } from "@/components/portal/post-status";
import type { FormResult } from "@/lib/platform/forms/forms";
import type { PostChoice } from "@/lib/domain/posts/search-post-choices";

type PostPickerProps = {
  /** The trigger's text; its accessible name says what picking does. */
  label: string;
  ariaLabel?: string;
  search: (q: string) => Promise<FormResult<PostChoice[]>>;
  /** Posts already linked: shown, but not offered again. */
  excludeIds: readonly string[];
  onPick: (post: PostChoice) => Promise<void> | void;
  /** A note under each choice (e.g. "on another roadmap item"). */
  describe?: (post: PostChoice) => string | null;
  testId?: string;
};

const DEBOUNCE_MS = 200;

/**
 * A search-as-you-type post picker in a popover: a combobox (the text field) driving a listbox,
 * arrows move through the results, Enter picks, Escape closes and returns focus to the trigger.
 */
export function PostPicker({ label, ariaLabel, search, excludeIds, onPick, describe, testId }: PostPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<PostChoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const latest = useRef(0);

  useEffect(() => {
    if (!open) return;
    const ticket = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await search(query);
        if (ticket !== latest.current) return;
        if (answer.ok) {
          setFound(answer.data);
          setError(null);
        } else setError(Object.values(answer.fieldErrors)[0] ?? "The search failed.");
        setActive(0);
      } catch {
        if (ticket === latest.current) setError("The server did not answer. Try again.");
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, query, search]);
  const results = found && found.filter((post) => !excludeIds.includes(post.id));

  async function pick(post: PostChoice) {
    setOpen(false);
    setQuery("");
    await onPick(post);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = results?.length ?? 0;
    if (event.key === "ArrowDown" && count) {
      event.preventDefault();
      setActive((index) => (index + 1) % count);
    } else if (event.key === "ArrowUp" && count) {
      event.preventDefault();
      setActive((index) => (index - 1 + count) % count);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = results?.[active];
      if (chosen) void pick(chosen);
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" aria-label={ariaLabel} className="rounded px-1.5 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50" data-testid={testId}>
          {label}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-xl" data-testid="post-picker">
          <input
            type="search"
            role="combobox"
            aria-label="Search posts by title"
            aria-expanded={Boolean(results?.length)}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results?.length ? optionId(active) : undefined}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            maxLength={200}
            placeholder="Search posts…"
            className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
          />
          <ul id={listId} role="listbox" aria-label="Posts" className="mt-2 max-h-64 overflow-y-auto">
            {results?.map((post, index) => {
              const note = describe?.(post);
              return (
                <li
                  key={post.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void pick(post)}
                  onMouseEnter={() => setActive(index)}
                  className={`flex cursor-pointer items-start justify-between gap-2 rounded-md px-2 py-1.5 text-sm ${index === active ? "bg-indigo-50" : ""}`}
                >
                  <span className="min-w-0">
                    <span className="block truncate text-slate-900">{post.title}</span>
                    {note ? <span className="block text-xs text-slate-600">{note}</span> : null}
                  </span>
                  <span className="flex shrink-0 items-center gap-1.5">
                    <span className="text-xs text-slate-600 tabular-nums">▲ {post.voteCount}</span>
                    <PostStatus status={post.status} />
                  </span>
                </li>
              );
            })}
          </ul>
          <p role="status" className="px-2 py-1 text-xs text-slate-600">
            {error ?? (results === null ? "Searching…" : results.length === 0 ? "No matching posts." : `${results.length} post${results.length === 1 ? "" : "s"}`)}
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
