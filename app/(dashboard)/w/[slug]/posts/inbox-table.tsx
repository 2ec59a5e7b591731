import Link from "next/link";
import { describeAge, formatAge } from "@/components/posts/format-age";
import { PostStatus } from "@/components/portal/post-status";
import { LocalTime } from "@/components/ui/local-time";
import type { InboxPost } from "@/lib/posts/list-inbox";
import { inboxHref, type InboxState } from "./inbox-query";

type InboxTableProps = { slug: string; state: InboxState; posts: InboxPost[]; boardNames: Map<string, string> };

/** The inbox rows: dense, one line per post on a desktop, two on a phone. */
export function InboxTable({ slug, state, posts, boardNames }: InboxTableProps) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="w-full table-fixed text-sm" data-testid="inbox-table">
        <caption className="sr-only">Posts, {state.sort === "top" ? "most voted first" : state.sort === "oldest" ? "oldest first" : "newest first"}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs font-medium text-slate-500">
          <tr>
            <th scope="col" className="w-14 py-2 pl-4 text-right font-medium sm:w-16">
              Votes
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Post
            </th>
            <th scope="col" className="hidden w-36 px-3 py-2 font-medium md:table-cell">
              Board
            </th>
            <th scope="col" className="hidden w-32 px-3 py-2 font-medium md:table-cell">
              Status
            </th>
            <th scope="col" className="hidden w-14 px-3 py-2 text-right font-medium md:table-cell">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="ml-auto size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
                <path d="M4 4h12a1 1 0 011 1v8a1 1 0 01-1 1H9l-4 3v-3H4a1 1 0 01-1-1V5a1 1 0 011-1z" strokeLinejoin="round" />
              </svg>
              <span className="sr-only">Comments</span>
            </th>
            <th scope="col" className="hidden w-36 px-3 py-2 font-medium lg:table-cell">
              Author
            </th>
            <th scope="col" className="w-14 py-2 pr-4 pl-2 text-right font-medium">
              Age
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {posts.map((post) => {
            const board = boardNames.get(post.boardId) ?? "—";
            const author = post.author ? (post.author.name ?? post.author.email) : "Former account";
            return (
              <tr key={post.id} className="hover:bg-slate-50" data-testid="inbox-row" data-post-id={post.id}>
                <td className="py-2 pl-4 text-right align-top font-semibold text-slate-900 tabular-nums">{post.voteCount}</td>
                <td className="min-w-0 px-3 py-2 align-top">
                  <Link href={`/w/${slug}/posts/${post.id}`} className="block truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                    {post.title}
                  </Link>
                  <div className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-500">
                    <span className="md:hidden">
                      <PostStatus status={post.status} />
                    </span>
                    {post.mergedIntoId ? <span className="font-medium text-slate-600">Merged</span> : null}
                    <span className="md:hidden">
                      {board} · {post.commentCount} {post.commentCount === 1 ? "comment" : "comments"} ·
                    </span>
                    <span className="lg:hidden">{author}</span>
                    {post.tags.map((tag) => (
                      <Link
                        key={tag}
                        href={inboxHref(slug, state, { tag })}
                        className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700 hover:bg-indigo-50 hover:text-indigo-800"
                        aria-label={`Only posts tagged ${tag}`}
                      >
                        #{tag}
                      </Link>
                    ))}
                  </div>
                </td>
                <td className="hidden truncate px-3 py-2 align-top text-slate-600 md:table-cell">{board}</td>
                <td className="hidden px-3 py-2 align-top md:table-cell">
                  <PostStatus status={post.status} />
                </td>
                <td className="hidden px-3 py-2 text-right align-top text-slate-600 tabular-nums md:table-cell">{post.commentCount}</td>
                <td className="hidden truncate px-3 py-2 align-top text-slate-600 lg:table-cell" title={post.author?.email}>
                  {author}
                </td>
                <td className="py-2 pr-4 pl-2 text-right align-top whitespace-nowrap text-slate-500">
                  <LocalTime value={post.createdAt}>
                    <span aria-hidden="true">{formatAge(post.createdAt)}</span>
                    <span className="sr-only">{describeAge(post.createdAt)}</span>
                  </LocalTime>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
