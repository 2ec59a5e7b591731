import Link from "next/link";
import { useTranslations } from "next-intl";
import type { PublicPost } from "@/lib/domain/posts/view";
import { PostStatus } from "./post-status";
import { ViewerVoteButton } from "./viewer-vote-button";

/** One post in a list: vote button, title, status and counts. `base` is the portal's address in the page's language. */
export function PostRow({
  slug,
  base,
  post,
  signInHref,
}: {
  slug: string;
  base: string;
  post: PublicPost;
  /** Where a signed-out visitor goes to sign in and come back. */
  signInHref: string;
}) {
  const t = useTranslations("Common");
  return (
    <li className="flex items-start gap-4 py-4" data-testid="post-row">
      {/* Keyed on the server's count, so a vote cast elsewhere on the page (a suggestion) shows here once the page refreshes. */}
      <ViewerVoteButton key={post.voteCount} slug={slug} postId={post.id} voteCount={post.voteCount} signInHref={signInHref} />
      <div className="min-w-0 flex-1">
        <Link href={`${base}/posts/${post.id}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">
          {/* What the team or a visitor wrote keeps its own direction inside a right-to-left page. */}
          <bdi>{post.title}</bdi>
        </Link>
        {post.body ? <p dir="auto" className="mt-1 line-clamp-2 text-sm text-slate-600">{post.body}</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <PostStatus status={post.status} label={t(`postStatus.${post.status}`)} />
          <span>
            {t("comments", { count: post.commentCount })}
          </span>
          {post.tags.map((tag) => (
            <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
              {tag}
            </span>
          ))}
        </div>
      </div>
    </li>
  );
}
