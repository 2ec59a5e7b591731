import type { Metadata } from "next";
import { Avatar } from "@/components/portal/avatar";
import { withBdi } from "@/lib/platform/i18n/bdi";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { CommentForm } from "@/components/portal/comment-form";
import { CommentList } from "@/components/portal/comment-list";
import { formatDate } from "@/lib/platform/text/format-date";
import { portalMetadata } from "@/components/portal/metadata";
import { PostStatus } from "@/components/portal/post-status";
import { ViewerVoteButton } from "@/components/portal/viewer-vote-button";
import { ForViewer } from "@/components/portal/viewer";
import { portalSignIn } from "@/lib/surfaces/auth/portal-visitor";
import { sharedRead } from "@/lib/platform/cache/shared-read";
import { listShippedIn } from "@/lib/domain/changelog/list-shipped-in";
import { PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { getPublicPost, PUBLIC_COMMENTS_LIMIT } from "@/lib/domain/posts/get-post";
import { loadPortal, orNotFound } from "@/lib/surfaces/portal/load-portal";

type Props = { params: Promise<{ workspace: string; postId: string }> };

// The post, its board and its comments are the same for every visitor: read once between the
// workspace's changes (lib/platform/cache/shared-read.ts), and once per request for the metadata and the page.
const readPost = cache(async (slug: string, postId: string) => {
  const portal = await loadPortal(slug);
  const post = await orNotFound(sharedRead(portal.workspace.slug, "post", { postId }, () => getPublicPost(portal.db, PUBLIC_AUDIENCE, postId)));
  return { ...portal, post };
});

async function load(params: Props["params"]) {
  const { workspace: slug, postId } = await params;
  return readPost(slug, postId);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, post } = await load(params);
  const tc = await getTranslations("Common");
  const description = post.body
    ? post.body.slice(0, 200)
    : (await getTranslations("Post"))("metaDescription", { votes: tc("votes", { count: post.voteCount }), status: tc(`postStatus.${post.status}`), board: post.board.name });
  return portalMetadata({ workspace, title: post.title, description, type: "article", publishedTime: post.createdAt });
}

export default async function PostPage({ params }: Props) {
  // One page for every visitor (shared by the page cache): the visitor's vote, and the comment box
  // instead of the sign-in link, come from the viewer's state in the browser (components/portal/viewer.tsx).
  const { workspace, db, post, base, locale } = await load(params);
  const [t, tc] = await Promise.all([getTranslations("Post"), getTranslations("Common")]);
  // A duplicate merged into another post: its address leads to the post it joined.
  const mergedInto = post.mergedIntoId ? await getPublicPost(db, PUBLIC_AUDIENCE, post.mergedIntoId).catch(() => null) : null;
  if (mergedInto) redirect(`${base}/posts/${mergedInto.id}`);
  const shippedIn = await listShippedIn(db, PUBLIC_AUDIENCE, post.id);
  const here = `${base}/posts/${post.id}`;
  const signInHref = await portalSignIn(workspace.slug);

  return (
    <div className="space-y-6">
      <Link href={`${base}/boards/${post.board.slug}`} className="text-sm text-slate-500 hover:text-slate-800">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span> <bdi>{post.board.name}</bdi>
      </Link>
      <article className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <ViewerVoteButton slug={workspace.slug} postId={post.id} voteCount={post.voteCount} signInHref={signInHref(here)} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 dir="auto" className="text-xl font-semibold tracking-tight sm:text-2xl">{post.title}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
              <PostStatus status={post.status} label={tc(`postStatus.${post.status}`)} />
              <span>
                {post.author?.avatarUrl ? <Avatar src={post.author.avatarUrl} /> : null}
                {withBdi((slot) => t("by", { name: post.author?.name ? slot(post.author.name) : t("formerMember") }))} · <time dateTime={post.createdAt}>{formatDate(post.createdAt, "utc", locale)}</time>
              </span>
              {post.roadmapItem ? (
                <Link href={`${base}/roadmap`} className="text-indigo-700 hover:underline">
                  {withBdi((slot) => t("onRoadmap", { title: slot(post.roadmapItem!.title), stage: tc(`stage.${post.roadmapItem!.stage}`) }))}
                </Link>
              ) : null}
              {shippedIn.length ? (
                <span data-testid="shipped-in">
                  {t("shippedIn")}{" "}
                  {shippedIn.map((note, index) => (
                    <span key={note.id}>
                      {index ? ", " : ""}
                      <Link href={`${base}/changelog/${note.id}`} className="font-medium text-emerald-700 hover:underline">
                        <bdi>{note.title}</bdi>
                      </Link>
                    </span>
                  ))}
                </span>
              ) : null}
            </div>
            {post.body ? <p dir="auto" className="mt-4 whitespace-pre-wrap break-words text-slate-700">{post.body}</p> : null}
            {post.tags.length ? (
              <div className="mt-4 flex flex-wrap gap-1.5">
                {post.tags.map((tag) => (
                  <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                    {tag}
                  </span>
                ))}
              </div>
            ) : null}
          </div>
        </div>
        <ForViewer
          signedIn={null}
          signedOut={
            <p className="mt-4 text-sm text-slate-600">
              {t.rich("signInToVote", {
                link: (chunks) => (
                  <Link href={signInHref(here)} className="font-medium text-indigo-700 underline">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          }
        />
      </article>

      <section aria-labelledby="comments" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="comments" className="text-lg font-semibold">
          {tc("comments", { count: post.commentCount })}
        </h2>
        {post.comments.length ? (
          <CommentList
            teamLabel={t("team")}
            comments={post.comments.map((comment) => ({
              id: comment.id,
              author: comment.author?.name ?? t("formerMemberName"),
              avatarUrl: comment.author?.avatarUrl,
              team: comment.isTeamReply,
              createdAt: comment.createdAt,
              date: formatDate(comment.createdAt, "utc", locale),
              body: comment.body,
            }))}
          />
        ) : (
          <p className="mt-2 text-sm text-slate-500">{t("noComments")}</p>
        )}
        {post.comments.length >= PUBLIC_COMMENTS_LIMIT && post.commentCount > post.comments.length ? (
          <p className="mt-2 text-sm text-slate-500">{t("showingFirst", { count: post.comments.length })}</p>
        ) : null}
        <div className="mt-6 border-t border-slate-100 pt-5">
          {post.mergedIntoId ? (
            <p className="text-sm text-slate-600">{t("merged")}</p>
          ) : (
            <ForViewer
              signedIn={<CommentForm slug={workspace.slug} postId={post.id} />}
              signedOut={
                <Link href={signInHref(here)} className="inline-flex rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
                  {t("signInToComment")}
                </Link>
              }
            />
          )}
        </div>
      </section>
    </div>
  );
}
