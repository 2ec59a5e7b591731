"use client";

import { useEffect } from "react";
import type { VoteAction } from "./vote-button";
import { usePortalViewer } from "./viewer";
import { VoteButton } from "./vote-button";

/**
 * A post's vote button on a page every visitor shares: the count is the page's, whether the
 * visitor voted comes from the viewer's own state (./viewer.tsx). Until that is known the button
 * shows the count, disabled; a signed-out visitor then gets the link to sign in.
 */
export function ViewerVoteButton({ slug, postId, voteCount, signInHref, size, vote }: { slug: string; postId: string; voteCount: number; signInHref: string; size?: "md" | "lg"; vote?: VoteAction }) {
  const viewer = usePortalViewer();
  const { want } = viewer;
  useEffect(() => want([postId]), [want, postId]);
  const waiting = viewer.pending || (viewer.visitor !== null && !viewer.known.has(postId));
  const signedIn = viewer.visitor !== null && !waiting;
  const voted = signedIn && viewer.voted.has(postId);
  // A fresh button (its own state starts from these) when the visitor becomes known; not when its
  // own vote is recorded (it already shows it).
  const key = waiting ? "waiting" : signedIn ? "in" : "out";
  return (
    <VoteButton
      key={key}
      slug={slug}
      postId={postId}
      voted={voted}
      voteCount={voteCount}
      signInHref={waiting || signedIn ? null : signInHref}
      waiting={waiting}
      size={size}
      vote={vote}
      onSignedOut={viewer.signedOut}
      onVoted={(next) => viewer.recordVote(postId, next)}
    />
  );
}
