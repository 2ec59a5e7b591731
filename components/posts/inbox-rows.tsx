"use client";

import Link from "next/link";
import { PostStatus } from "@/components/portal/post-status";
import { LocalTime } from "@/components/ui/local-time";
import type { PostStatus as Status } from "@/lib/generated/prisma/enums";

/**
 * What one inbox row shows, and nothing else: the rows are rendered from this on both sides, so the
 * page's React Server Components payload carries these few fields per post instead of every row's
 * whole markup (at 50 rows that markup was most of a ~300 KB page). Text that depends on the clock
 * (the age) comes worked out by the server, so hydration never disagrees with it.
 */
export interface InboxRow {
  id: string;
  title: string;
  votes: number;
  comments: number;
  status: Status;
  merged: boolean;
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
  ageLabel: string;
  /** Each tag with the inbox address filtered to it. */
  tags: [tag: string, href: string][];
}

export function InboxRows({ slug, rows }: { slug: string; rows: InboxRow[] }) {
  return (
    <tbody className="divide-y divide-slate-100">
      {rows.map((row) => (
        <tr key={row.id} className="hover:bg-slate-50" data-testid="inbox-row" data-post-id={row.id}>
          <td className="py-2 pl-4 text-right align-top font-semibold text-slate-900 tabular-nums">{row.votes}</td>
          <td className="min-w-0 px-3 py-2 align-top">
            <Link dir="auto" href={`/w/${slug}/posts/${row.id}`} className="block truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
              {row.title}
            </Link>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-500">
              <span className="md:hidden">
                <PostStatus status={row.status} />
              </span>
              {row.merged ? <span className="font-medium text-slate-600">Merged</span> : null}
              <span className="md:hidden">
                {row.board} · {row.comments} {row.comments === 1 ? "comment" : "comments"} ·
              </span>
              <span className="lg:hidden">{row.author}</span>
              {row.authorCompany ? <span className="lg:hidden" data-testid="inbox-author-company">({row.authorCompany})</span> : null}
              {row.voterSpend ? (
                <span className="rounded bg-emerald-50 px-1.5 py-0.5 font-medium text-emerald-800" data-testid="inbox-voter-spend" title="Monthly spend of the companies whose people voted">
                  {row.voterSpend} <span className="font-normal">voting</span>
                </span>
              ) : null}
              {row.tags.map(([tag, href]) => (
                <Link key={tag} href={href} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700 hover:bg-indigo-50 hover:text-indigo-800" aria-label={`Only posts tagged ${tag}`}>
                  #{tag}
                </Link>
              ))}
            </div>
          </td>
          <td className="hidden truncate px-3 py-2 align-top text-slate-600 md:table-cell">{row.board}</td>
          <td className="hidden px-3 py-2 align-top md:table-cell">
            <PostStatus status={row.status} />
          </td>
          <td className="hidden px-3 py-2 text-right align-top text-slate-600 tabular-nums md:table-cell">{row.comments}</td>
          <td className="hidden truncate px-3 py-2 align-top text-slate-600 lg:table-cell" title={row.authorEmail}>
            {row.author}
            {row.authorCompany ? <span className="block truncate text-xs text-slate-500">{row.authorCompany}</span> : null}
          </td>
          <td className="py-2 pr-4 pl-2 text-right align-top whitespace-nowrap text-slate-500">
            <LocalTime value={row.createdAt}>
              <span aria-hidden="true">{row.age}</span>
              <span className="sr-only">{row.ageLabel}</span>
            </LocalTime>
          </td>
        </tr>
      ))}
    </tbody>
  );
}
