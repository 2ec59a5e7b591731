"use client";

import { useState } from "react";
import { PostStatus } from "@/components/portal/post-status";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import type { PostStatus as Status } from "@/lib/generated/prisma/enums";
import { humanize } from "@/components/portal/format";

export type AdvanceOffer = { itemId: string; title: string; status: Status; posts: { id: string; title: string; status: Status }[] };

type Props = {
  offer: AdvanceOffer | null;
  onClose: () => void;
  /** Resolves to an error to show, or null when done. */
  accept: (postIds: string[]) => Promise<string | null>;
};

/**
 * After an item changed stage: its linked posts may follow, if the team wants. Every post the
 * status rules allow is ticked; "Leave them" changes nothing.
 */
export function AdvancePostsDialog({ offer, onClose, accept }: Props) {
  return (
    <Dialog open={offer !== null} onClose={onClose} title={offer ? `Move the linked posts to ${humanize(offer.status)}?` : "Move linked posts?"} testId="advance-posts-dialog">
      {offer ? <OfferForm key={offer.itemId} offer={offer} onClose={onClose} accept={accept} /> : null}
    </Dialog>
  );
}

function OfferForm({ offer, onClose, accept }: { offer: AdvanceOffer; onClose: () => void; accept: Props["accept"] }) {
  const [chosen, setChosen] = useState(() => new Set(offer.posts.map((post) => post.id)));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      setError(await accept([...chosen]));
    } catch {
      setError("The server did not answer; no post was changed. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-3">
        {error ? <Alert>{error}</Alert> : null}
        <p className="text-sm text-slate-600">
          “{offer.title}” is now {humanize(offer.status).toLowerCase()}. Its voters see a post&apos;s status on the portal; choose which posts follow.
        </p>
        <fieldset>
          <legend className="sr-only">Linked posts</legend>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {offer.posts.map((post) => (
              <li key={post.id}>
                <label className="flex items-center gap-3 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.has(post.id)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(post.id);
                      else next.delete(post.id);
                      setChosen(next);
                    }}
                    className="size-4 rounded border-slate-300"
                  />
                  <span dir="auto" className="min-w-0 flex-1 truncate text-slate-900">{post.title}</span>
                  <PostStatus status={post.status} />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Leave them
        </Button>
        <Button type="submit" disabled={pending || chosen.size === 0}>
          {pending ? "Moving…" : `Move ${chosen.size} post${chosen.size === 1 ? "" : "s"}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
