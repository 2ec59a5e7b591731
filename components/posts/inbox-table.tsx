import { describeAge, formatAge } from "@/components/posts/format-age";
import type { InboxPost } from "@/lib/domain/posts/list-inbox";
import type { InboxState } from "./inbox-query";
import { InboxRows, type InboxRow } from "./inbox-rows";
import { companyLabel, formatSpend } from "@/components/sso/spend";

type InboxTableProps = { slug: string; state: InboxState; posts: InboxPost[]; boardNames: Map<string, string> };

/**
 * One post as its row shows it (inbox-rows.tsx): only the fields the row displays cross to the
 * client, and an optional one only when it has a value (an undefined one would still be sent).
 */
function inboxRow(post: InboxPost, boardNames: Map<string, string>): InboxRow {
  const { createdAt } = post;
  const age = formatAge(createdAt);
  const ageLabel = describeAge(createdAt);
  const row: InboxRow = {
    id: post.id,
    title: post.title,
    votes: post.voteCount,
    comments: post.commentCount,
    status: post.status,
    board: boardNames.get(post.boardId) ?? "—",
    author: post.author ? (post.author.name ?? post.author.email) : "Former account",
    createdAt,
    age,
    tags: post.tags,
  };
  if (post.mergedIntoId) row.merged = true;
  if (post.author?.email) row.authorEmail = post.author.email;
  if (post.author?.companies[0]) row.authorCompany = companyLabel(post.author.companies[0]);
  if (post.voterSpend > 0) row.voterSpend = `${formatSpend(post.voterSpend)}/mo`;
  if (ageLabel !== age) row.ageLabel = ageLabel;
  return row;
}

/** The inbox rows: dense, one line per post on a desktop, two on a phone. */
export function InboxTable({ slug, state, posts, boardNames }: InboxTableProps) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="w-full table-fixed text-sm" data-testid="inbox-table">
        <caption className="sr-only">Posts, {state.sort === "top" ? "most voted first" : state.sort === "spend" ? "most voters' spend first" : state.sort === "oldest" ? "oldest first" : "newest first"}</caption>
        {/* The body's cells are styled by column (`.inbox-rows` in app/globals.css): same order here. */}
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
        <InboxRows slug={slug} state={state} rows={posts.map((post) => inboxRow(post, boardNames))} />
      </table>
    </div>
  );
}
