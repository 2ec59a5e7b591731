"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { INBOX_SORTS, inboxHref, type InboxState } from "./inbox-query";

const SORT_LABELS: Record<(typeof INBOX_SORTS)[number], string> = { newest: "Newest", oldest: "Oldest", top: "Most votes", spend: "Voters' spend" };

/**
 * Search, board and sort of the inbox. Each change is a new address (router.push), so Back
 * returns to the previous view; without JavaScript the same form submits as a plain GET.
 * "/" focuses the search from anywhere on the page.
 */
export function InboxToolbar({ slug, state, boards }: { slug: string; state: InboxState; boards: { slug: string; name: string }[] }) {
  const router = useRouter();
  const search = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState(state.q ?? "");

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement;
      if (event.key !== "/" || event.metaKey || event.ctrlKey || target.closest("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      search.current?.focus();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const go = (change: Partial<InboxState>) => router.push(inboxHref(slug, state, change));

  return (
    <form
      role="search"
      aria-label="Filter posts"
      action={`/w/${slug}/posts`}
      method="get"
      className="flex flex-col gap-2 sm:flex-row sm:items-center"
      onSubmit={(event) => {
        event.preventDefault();
        go({ q: q.trim() || undefined });
      }}
    >
      {state.status ? <input type="hidden" name="status" value={state.status} /> : null}
      {state.tag ? <input type="hidden" name="tag" value={state.tag} /> : null}
      <div className="relative min-w-0 flex-1">
        <label htmlFor="inbox-search" className="sr-only">
          Search posts
        </label>
        <input
          ref={search}
          id="inbox-search"
          name="q"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && q) {
              setQ("");
              go({ q: undefined });
            }
          }}
          maxLength={200}
          placeholder="Search posts…"
          className="block w-full rounded-md border border-slate-300 bg-white py-1.5 pr-10 pl-3 text-sm shadow-sm placeholder:text-slate-400"
        />
        {q ? null : (
          <kbd aria-hidden="true" className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-200 px-1.5 text-xs text-slate-500">
            /
          </kbd>
        )}
      </div>
      <div className="flex gap-2">
        <label htmlFor="inbox-board" className="sr-only">
          Board
        </label>
        <select
          id="inbox-board"
          name="board"
          value={state.board ?? ""}
          onChange={(event) => go({ board: event.target.value || undefined })}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm shadow-sm sm:flex-none"
        >
          <option value="">All boards</option>
          {boards.map((board) => (
            <option key={board.slug} value={board.slug}>
              {board.name}
            </option>
          ))}
        </select>
        <label htmlFor="inbox-sort" className="sr-only">
          Sort
        </label>
        <select
          id="inbox-sort"
          name="sort"
          value={state.sort}
          onChange={(event) => go({ sort: event.target.value as InboxState["sort"] })}
          className="rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm shadow-sm"
        >
          {INBOX_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
            Apply
          </button>
        </noscript>
      </div>
      {state.tag ? (
        <Link
          href={inboxHref(slug, state, { tag: undefined })}
          className="inline-flex shrink-0 items-center gap-1 self-start rounded-full bg-indigo-50 px-2.5 py-1 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-100 sm:self-auto"
          aria-label={`Remove the tag filter ${state.tag}`}
        >
          #{state.tag} <span aria-hidden="true">×</span>
        </Link>
      ) : null}
    </form>
  );
}
