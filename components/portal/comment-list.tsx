"use client";

/**
 * What one comment shows: the author's name (or the "former member" wording), the team badge, the
 * date as the page's language writes it, the body. Rendered from these few fields on both sides,
 * so a post's page carries each comment's text once in its React Server Components payload rather
 * than its whole markup (100 comments were two thirds of the page's bytes and much of its render).
 */
import { Avatar } from "./avatar";

export interface CommentItem {
  id: string;
  author: string;
  /** The picture an SSO author's token gave, if any. */
  avatarUrl?: string;
  team: boolean;
  createdAt: string;
  date: string;
  body: string;
}

export function CommentList({ comments, teamLabel }: { comments: CommentItem[]; teamLabel: string }) {
  return (
    <ol className="mt-4 space-y-4">
      {comments.map((comment) => (
        <li key={comment.id} className="border-b border-slate-100 pb-4 last:border-0" data-testid="comment">
          <p className="text-sm text-slate-500">
            {comment.avatarUrl ? <Avatar src={comment.avatarUrl} /> : null}
            <span className="font-medium text-slate-800">{comment.author}</span>
            {comment.team ? (
              <span className="ms-1.5 rounded-md bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset" data-testid="team-badge">
                {teamLabel}
              </span>
            ) : null}{" "}
            · <time dateTime={comment.createdAt}>{comment.date}</time>
          </p>
          <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-slate-700">
            {comment.body}
          </p>
        </li>
      ))}
    </ol>
  );
}
