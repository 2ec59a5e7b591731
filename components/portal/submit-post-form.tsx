"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { TextareaField } from "@/components/ui/textarea-field";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import { similarPostsAction, submitPostAction, voteAction, type SimilarPostsResult } from "@/lib/surfaces/actions/portal/feedback";
import { PostStatus } from "./post-status";
import { usePortalViewer } from "./viewer";
import { VoteButton, type VoteAction } from "./vote-button";

/** What the form calls: the portal's server actions, or the widget's frame's own API in their shape. */
export type IdeaCalls = { submitPost: typeof submitPostAction; similarPosts: typeof similarPostsAction; vote: VoteAction };
const PORTAL_CALLS: IdeaCalls = { submitPost: submitPostAction, similarPosts: similarPostsAction, vote: voteAction };

const SUGGEST_AFTER_MS = 300;
const SUGGEST_MIN_LENGTH = 3;

/**
 * A signed-in visitor's idea for one public board. While the title is typed, the most similar
 * existing posts appear with their vote buttons, so voting for an existing idea is one click
 * away; posting anyway stays possible. The per-account limit is said up front and, when reached,
 * by the server's refusal.
 */
export function SubmitPostForm({
  slug,
  base,
  boardId,
  limit,
  actions = PORTAL_CALLS,
  onPosted,
}: {
  slug: string;
  /** The portal's address in the page's language, where the new post's page is. */
  base: string;
  boardId: string;
  /** How many ideas an account may post an hour. */
  limit: number;
  actions?: IdeaCalls;
  /** What follows a posted idea instead of opening its page (the widget stays where it is). */
  onPosted?: (post: { id: string }) => void;
}) {
  const t = useTranslations("Forms");
  const tc = useTranslations("Common");
  const router = useRouter();
  // On the portal, a vote cast here also shows on the post's own row once the page refreshes.
  const viewer = usePortalViewer();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [similar, setSimilar] = useState<SimilarPostsResult>({ posts: [], paused: false });
  const { errors, pending, submit, formError } = useActionForm(t("ideaNotPosted"));
  const latest = useRef(0);
  const suggestionsId = useId();

  useEffect(() => {
    const text = title.trim();
    const request = ++latest.current;
    if (text.length < SUGGEST_MIN_LENGTH) return;
    const timer = setTimeout(async () => {
      try {
        const found = await actions.similarPosts(slug, text);
        // Only the answer to the latest keystroke counts.
        if (request === latest.current) setSimilar(found);
      } catch {
        // Suggestions are a help, not a requirement: keep the last ones.
      }
    }, SUGGEST_AFTER_MS);
    return () => clearTimeout(timer);
  }, [actions, slug, title]);

  const shown = title.trim().length >= SUGGEST_MIN_LENGTH ? similar.posts : [];
  const message = formError(new Set(["title", "body"]));

  return (
    <form
      aria-label={t("ideaForm")}
      noValidate
      aria-busy={pending}
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (pending) return;
        await submit(
          () => actions.submitPost(slug, boardId, { title, body }),
          (post) => {
            if (onPosted) {
              onPosted(post);
              return;
            }
            router.push(`${base}/posts/${post.id}`);
            return STAY_PENDING;
          },
        );
      }}
    >
      {message ? (
        <div data-testid="submit-post-error">
          <Alert>{message}</Alert>
        </div>
      ) : null}
      <Field
        label={t("title")}
        name="title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={200}
        autoComplete="off"
        placeholder={t("titlePlaceholder")}
        error={errors.title}
        readOnly={pending}
        aria-controls={suggestionsId}
      />
      <div id={suggestionsId} aria-live="polite">
        {shown.length ? (
          <div className="rounded-lg border border-indigo-100 bg-indigo-50/50 p-3" data-testid="similar-posts">
            <p className="text-sm font-medium text-slate-800">{t("similar")}</p>
            <ul className="mt-2 divide-y divide-indigo-100">
              {shown.map((post) => (
                <li key={post.id} className="flex items-center gap-3 py-2" data-testid="similar-post">
                  <VoteButton slug={slug} postId={post.id} voted={post.voted} voteCount={post.voteCount} signInHref={null} vote={actions.vote} onVoted={(voted) => viewer.recordVote(post.id, voted)} />
                  <div className="min-w-0 flex-1">
                    <Link href={`${base}/posts/${post.id}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline" target="_blank">
                      {post.title}
                      <span className="sr-only"> {tc("opensInNewTab")}</span>
                    </Link>
                    <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                      <PostStatus status={post.status} label={tc(`postStatus.${post.status}`)} />
                      {tc("comments", { count: post.commentCount })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {similar.paused ? <p className="text-xs text-slate-500">{t("paused")}</p> : null}
      </div>
      <TextareaField
        label={t("details")}
        name="body"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={3}
        maxLength={10_000}
        placeholder={t("detailsPlaceholder")}
        error={errors.body}
        readOnly={pending}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending || title.trim() === ""}>
          {pending ? t("posting") : shown.length ? t("postAnyway") : t("postIdea")}
        </Button>
        <p className="text-xs text-slate-500">{t("limit", { count: limit })}</p>
      </div>
    </form>
  );
}
