"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { PostStatus } from "@/components/portal/post-status";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { MergeCandidate } from "@/lib/domain/posts/find-merge-targets";
import { deletePostAction, findMergeTargetsAction, mergePostAction } from "@/lib/surfaces/actions/dashboard/post";

type Post = { id: string; title: string; voteCount: number; totalComments: number };
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Merge and delete: admins and owners only (the page shows these to nobody else). */
export function AdminActions({ slug, post, canMerge }: { slug: string; post: Post; canMerge: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete(): Promise<string | null> {
    const result = await deletePostAction(slug, post.id);
    if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The post was not deleted.";
    toast.success(`“${post.title}” is deleted.`);
    router.push(`/w/${slug}/posts`);
    return null;
  }

  return (
    <div className="flex flex-col gap-2">
      {canMerge ? (
        <Button variant="secondary" onClick={() => setMerging(true)}>
          Merge into another post…
        </Button>
      ) : null}
      <Button variant="secondary" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(true)}>
        Delete post
      </Button>
      <Dialog open={merging} onClose={() => setMerging(false)} title="Merge into another post" description={`“${post.title}” is the duplicate.`} size="lg" testId="merge-dialog">
        <MergeForm slug={slug} post={post} onCancel={() => setMerging(false)} />
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title={`Delete “${post.title}”?`}
        confirmLabel="Delete post"
        pendingLabel="Deleting…"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
        testId="delete-post-dialog"
      >
        <p>
          Its {plural(post.voteCount, "vote")} and {plural(post.totalComments, "comment")} are deleted with it. This cannot be undone. To keep
          the votes, merge it into another post instead.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function MergeForm({ slug, post, onCancel }: { slug: string; post: Post; onCancel: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const searchId = useId();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<MergeCandidate[] | null>(null);
  const [chosen, setChosen] = useState<MergeCandidate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const result = await findMergeTargetsAction(slug, post.id, q);
        if (!current) return;
        if (result.ok) setResults(result.data);
        else setError(Object.values(result.fieldErrors)[0] ?? "Posts could not be searched.");
      } catch {
        if (current) setError("The server did not answer. Try again.");
      }
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [slug, post.id, q]);

  async function merge() {
    if (!chosen || pending) return;
    setPending(true);
    setError(null);
    try {
      const result = await mergePostAction(slug, post.id, chosen.id);
      if (!result.ok) {
        setError(Object.values(result.fieldErrors)[0] ?? "The posts were not merged.");
        setPending(false);
        return;
      }
      toast.success(`Merged into “${result.data.target.title}”: it now has ${plural(result.data.target.voteCount, "vote")}.`);
      router.push(`/w/${slug}/posts/${chosen.id}`);
    } catch {
      setError("The server did not answer; nothing was merged. Try again.");
      setPending(false);
    }
  }

  return (
    <>
      <DialogBody className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <div>
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            Find the post to keep
          </label>
          <input
            id={searchId}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            maxLength={200}
            placeholder="Search posts…"
            data-autofocus
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400"
          />
        </div>
        <fieldset>
          <legend className="sr-only">Posts to merge into</legend>
          {results === null ? (
            <p className="text-sm text-slate-500">Searching…</p>
          ) : results.length === 0 ? (
            <p className="text-sm text-slate-500">No other post matches. Merged posts cannot be merged into.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-live="polite">
              {results.map((candidate) => (
                <li key={candidate.id}>
                  <label className={`flex cursor-pointer items-start gap-3 px-3 py-2 text-sm ${chosen?.id === candidate.id ? "bg-indigo-50" : "hover:bg-slate-50"}`}>
                    <input type="radio" name="merge-target" className="mt-1" checked={chosen?.id === candidate.id} onChange={() => setChosen(candidate)} />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{candidate.title}</span>
                      <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                        <PostStatus status={candidate.status} />
                        {plural(candidate.voteCount, "vote")} · {plural(candidate.commentCount, "comment")}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {chosen ? (
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="merge-summary">
            “{post.title}” will be closed and point to “{chosen.title}”. Its {plural(post.voteCount, "vote")} and {plural(post.totalComments, "comment")} move
            there; someone who voted for both counts once. Its portal page will lead to “{chosen.title}”. This cannot be undone.
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={merge} disabled={!chosen || pending} className="sm:min-w-28">
          {pending ? "Merging…" : "Merge posts"}
        </Button>
      </DialogFooter>
    </>
  );
}
