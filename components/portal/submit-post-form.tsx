"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { TextareaField } from "@/components/ui/textarea-field";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import type { PortalActions, SimilarPostsResult } from "./portal-actions";
import { PostStatus } from "./post-status";
import { VoteButton } from "./vote-button";

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
  boardId,
  limitLabel,
  actions,
}: {
  slug: string;
  boardId: string;
  limitLabel: string;
  actions: Pick<PortalActions, "submitPost" | "similarPosts" | "vote">;
}) {
  const router = useRouter();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [similar, setSimilar] = useState<SimilarPostsResult>({ posts: [], paused: false });
  const { errors, pending, submit, formError } = useActionForm("Your idea was not posted: the server did not answer. Try again.");
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
      aria-label="Post an idea"
      noValidate
      aria-busy={pending}
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (pending) return;
        await submit(
          () => actions.submitPost(slug, boardId, { title, body }),
          (post) => {
            router.push(`/p/${slug}/posts/${post.id}`);
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
        label="Title"
        name="title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={200}
        autoComplete="off"
        placeholder="One line that says what you need"
        error={errors.title}
        readOnly={pending}
        aria-controls={suggestionsId}
      />
      <div id={suggestionsId} aria-live="polite">
        {shown.length ? (
          <div className="rounded-lg border border-indigo-100 bg-indigo-50/50 p-3" data-testid="similar-posts">
            <p className="text-sm font-medium text-slate-800">Is it one of these? Vote for it instead, so it counts more.</p>
            <ul className="mt-2 divide-y divide-indigo-100">
              {shown.map((post) => (
                <li key={post.id} className="flex items-center gap-3 py-2" data-testid="similar-post">
                  <VoteButton slug={slug} postId={post.id} voted={post.voted} voteCount={post.voteCount} signInHref={null} vote={actions.vote} />
                  <div className="min-w-0 flex-1">
                    <Link href={`/p/${slug}/posts/${post.id}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline" target="_blank">
                      {post.title}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </Link>
                    <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                      <PostStatus status={post.status} />
                      {post.commentCount} {post.commentCount === 1 ? "comment" : "comments"}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {similar.paused ? <p className="text-xs text-slate-500">Suggestions are paused for a moment; you can still post.</p> : null}
      </div>
      <TextareaField
        label="Details (optional)"
        name="body"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={3}
        maxLength={10_000}
        placeholder="What are you trying to do, and what gets in the way?"
        error={errors.body}
        readOnly={pending}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending || title.trim() === ""}>
          {pending ? "Posting…" : shown.length ? "Post anyway" : "Post idea"}
        </Button>
        <p className="text-xs text-slate-500">You can post {limitLabel}.</p>
      </div>
    </form>
  );
}
