"use client";

import Link from "next/link";
import { PostStatus } from "@/components/portal/post-status";
import { LocalTime } from "@/components/ui/local-time";
import { Age } from "./age";
import type { PostStatus as Status } from "@/lib/generated/prisma/enums";
import { inboxHref, type InboxState } from "./inbox-query";

/**
 * What one inbox row shows, and nothing else: the rows are rendered from this on both sides, so the
 * page's React Server Components payload carries these few fields per post instead of every row's
 * whole markup (at 50 rows that markup was most of a ~300 KB page). Text that depends on the clock
 * (the age) comes worked out by the server, so hydration never disagrees with it, and is worked out
 * again in the browser once hydrated (./age.tsx). What the client
 * can work out itself (a tag's link, from the page's state passed once) does not travel per row.
 */
export interface InboxRow {
  id: string;
  title: string;
  votes: number;
  comments: number;
  status: Status;
  merged?: true;
  board: string;
  author: string;
  /** The author's address, as the author cell's tooltip. */
  authorEmail?: string;
  /** An SSO author's (first) company with its monthly spend. */
  authorCompany?: string;
  /** What the companies of the post's voters pay a month, when any voter came with one. */
  voterSpend?: string;
  createdAt: string;
  age: string;
  /** The age for screen readers, when it says more than `age` ("5 hours ago" for "5h"). */
  ageLabel?: string;
  tags: string[];
}

// The cells carry no classes: `.inbox-rows` in app/globals.css styles them by column, so the
// markup of 50 rows is not 50 copies of the same class lists. Keep the cells in its order.
export function InboxRows({ slug, state, rows }: { slug: string; state: InboxState; rows: InboxRow[] }) {
  return (
    <tbody className="inbox-rows divide-y divide-slate-100">
      {rows.map((row) => (
        <tr key={row.id} data-testid="inbox-row">
          <td>{row.votes}</td>
          <td>
            <Link dir="auto" href={`/w/${slug}/posts/${row.id}`} className="inbox-title">
              {row.title}
            </Link>
            <div className="inbox-meta">
              <PostStatus status={row.status} className="md:hidden" />
              {row.merged ? <span className="font-medium text-slate-600">Merged</span> : null}
              <span className="md:hidden">{`${row.board} · ${row.comments} ${row.comments === 1 ? "comment" : "comments"} ·`}</span>
              <span className="lg:hidden">{row.author}</span>
              {row.authorCompany ? <span className="lg:hidden" data-testid="inbox-author-company">({row.authorCompany})</span> : null}
              {row.voterSpend ? (
                <span className="rounded bg-emerald-50 px-1.5 py-0.5 font-medium text-emerald-800" data-testid="inbox-voter-spend" title="Monthly spend of the companies whose people voted">
                  {row.voterSpend} <span className="font-normal">voting</span>
                </span>
              ) : null}
              {row.tags.map((tag) => (
                <Link key={tag} href={inboxHref(slug, state, { tag })} className="inbox-tag" aria-label={`Only posts tagged ${tag}`}>
                  {`#${tag}`}
                </Link>
              ))}
            </div>
          </td>
          <td>{row.board}</td>
          <td>
            <PostStatus status={row.status} />
          </td>
          <td>{row.comments}</td>
          <td title={row.authorEmail}>
            {row.author}
            {/* Wrapped to two lines at most (the cell itself truncates): cut at one, the spend, the reason it is shown, was the part lost. */}
            {row.authorCompany ? (
              <span className="line-clamp-2 break-words whitespace-normal text-xs text-slate-500" title={row.authorCompany}>
                {row.authorCompany}
              </span>
            ) : null}
          </td>
          <td>
            <LocalTime value={row.createdAt}>
              <span aria-hidden="true">
                <Age iso={row.createdAt}>{row.age}</Age>
              </span>
              <span className="sr-only">
                <Age iso={row.createdAt} words>
                  {row.ageLabel ?? row.age}
                </Age>
              </span>
            </LocalTime>
          </td>
        </tr>
      ))}
    </tbody>
  );
}
