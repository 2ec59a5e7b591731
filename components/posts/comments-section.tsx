"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextareaField } from "@/components/ui/textarea-field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { LocalTime } from "@/components/ui/local-time";
import type { TeamPost } from "@/lib/domain/posts/get-team-post";
import { deleteCommentAction, replyAsTeamAction, setCommentHiddenAction } from "@/lib/surfaces/actions/dashboard/post";

type Comment = TeamPost["comments"][number];

type CommentsSectionProps = {
  slug: string;
  postId: string;
  comments: Comment[];
  total: number;
  canReply: boolean;
  canModerate: boolean;
  /** Where a reply shows: on the portal (public board) or only here. */
  boardIsPublic: boolean;
  merged: boolean;
  /** This page with every comment listed, when some are not: the "Show more" link. */
  allHref: string | null;
  /** With every comment listed, where the ones "Show more" added begin (the link's anchor). */
  addedFrom?: number;
};

export function CommentsSection({ slug, postId, comments, total, canReply, canModerate, boardIsPublic, merged, allHref, addedFrom }: CommentsSectionProps) {
  const router = useRouter();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function toggleHidden(comment: Comment) {
    setBusy(comment.id);
    try {
      const result = await setCommentHiddenAction(slug, comment.id, !comment.hiddenAt);
      if (result.ok) toast.success(comment.hiddenAt ? "The comment shows on the portal again." : "The comment is hidden from the portal.");
      else toast.error(Object.values(result.fieldErrors)[0] ?? "Nothing was changed.");
    } catch {
      toast.error("The server did not answer; nothing was changed.");
    } finally {
      setBusy(null);
      router.refresh();
    }
  }

  async function confirmDelete(): Promise<string | null> {
    if (!deleting) return null;
    const result = await deleteCommentAction(slug, deleting.id);
    if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The comment was not deleted.";
    toast.success("Comment deleted.");
    setDeleting(null);
    router.refresh();
    return null;
  }

  return (
    <section aria-labelledby="comments-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="comments-heading" className="font-medium text-slate-900">
        Comments <span className="text-slate-500 tabular-nums">({total})</span>
      </h2>
      {comments.length ? (
        <ol className="mt-3 divide-y divide-slate-100">
          {comments.map((comment, index) => (
            <li
              key={comment.id}
              id={index === addedFrom ? "more-comments" : undefined}
              className={`py-3 ${comment.hiddenAt ? "opacity-70" : ""}`}
              data-testid="team-comment"
              data-hidden={Boolean(comment.hiddenAt)}
            >
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="font-medium text-slate-900">{comment.author ?? "Former account"}</span>
                {comment.isTeamReply ? <Badge tone="indigo">Team</Badge> : null}
                {comment.hiddenAt ? <Badge tone="amber">Hidden from the portal</Badge> : null}
                <LocalTime value={comment.createdAt} className="text-xs text-slate-500" />
                {canModerate ? (
                  <span className="ml-auto flex gap-1">
                    <Button variant="ghost" className="px-2 py-1 text-xs" disabled={busy === comment.id} onClick={() => toggleHidden(comment)}>
                      {comment.hiddenAt ? "Show" : "Hide"}
                    </Button>
                    <Button variant="ghost" className="px-2 py-1 text-xs text-red-700 hover:bg-red-50" onClick={() => setDeleting(comment)}>
                      Delete
                    </Button>
                  </span>
                ) : null}
              </div>
              <p dir="auto" className="mt-1 text-sm whitespace-pre-wrap break-words text-slate-700">{comment.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No comments yet.</p>
      )}
      {total > comments.length ? (
        <p className="mt-2 flex flex-wrap items-baseline gap-x-3 text-xs text-slate-500">
          Showing the first {comments.length} of {total} comments.
          {allHref ? (
            <Link href={`${allHref}#more-comments`} className="text-sm font-medium text-indigo-700 hover:underline" data-testid="more-comments">
              Show more comments
            </Link>
          ) : null}
        </p>
      ) : null}
      {canReply && !merged ? <ReplyForm slug={slug} postId={postId} boardIsPublic={boardIsPublic} allHref={allHref} /> : null}
      {merged ? <p className="mt-4 text-sm text-slate-600">This post was merged: reply on the post it was merged into.</p> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        pendingLabel="Deleting…"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        testId="delete-comment-dialog"
      >
        <p>It is removed for everyone, here and on the portal. To keep it for the team, hide it instead.</p>
      </ConfirmDialog>
    </section>
  );
}

function ReplyForm({ slug, postId, boardIsPublic, allHref }: { slug: string; postId: string; boardIsPublic: boolean; allHref: string | null }) {
  const router = useRouter();
  const toast = useToast();
  const [body, setBody] = useState("");
  const { errors, pending, submit } = useActionForm("The server did not answer; the reply was not posted. Try again.");

  return (
    <form
      className="mt-4 space-y-2 border-t border-slate-100 pt-4"
      aria-label="Team reply"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (pending) return;
        await submit(
          () => replyAsTeamAction(slug, postId, body),
          () => {
            setBody("");
            toast.success("Reply posted.");
            // The reply goes last: when the list stops short of the end, list every comment so it shows.
            if (allHref) router.push(allHref, { scroll: false });
            else router.refresh();
          },
        );
      }}
    >
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <TextareaField
        label="Reply as the team"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={3}
        maxLength={5_000}
        error={errors.body}
        readOnly={pending}
        hint={boardIsPublic ? "Shown on the portal, marked as the team's, and mailed to the post's voters, commenters and author." : "This board is private: only your team sees the reply."}
      />
      <Button type="submit" disabled={pending || body.trim() === ""}>
        {pending ? "Posting…" : "Post reply"}
      </Button>
    </form>
  );
}
