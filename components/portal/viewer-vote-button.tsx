"use client";

import { useEffect } from "react";
import type { VoteAction } from "./vote-button";
import { Pending, usePortalViewer } from "./viewer";
import { VoteButton } from "./vote-button";

/**
 * A post's vote button on a page every visitor shares: the count is the page's, whether the
 * visitor voted comes from the viewer's own state (./viewer.tsx). Until the visitor is known, the
 * page carries the link to sign in (what a visitor without scripts or without a session uses)
 * and, for a browser holding a session, the count on a disabled button (<Pending>).
 */
export function ViewerVoteButton({ slug, postId, voteCount, signInHref, size, vote }: { slug: string; postId: string; voteCount: number; signInHref: string; size?: "md" | "lg"; vote?: VoteAction }) {
  const viewer = usePortalViewer();
  const { want } = viewer;
  useEffect(() => want([postId]), [want, postId]);
  const common = { slug, postId, voteCount, size, vote, onSignedOut: viewer.signedOut, onVoted: (next: boolean) => viewer.recordVote(postId, next) };
  if (viewer.pending) {
    return <Pending guest={<VoteButton {...common} voted={false} signInHref={signInHref} />} hinted={<VoteButton {...common} voted={false} signInHref={null} waiting testId="vote-pending" />} />;
  }
  const waiting = viewer.visitor !== null && !viewer.known.has(postId);
  const signedIn = viewer.visitor !== null && !waiting;
  const voted = signedIn && viewer.voted.has(postId);
  // A fresh button (its own state starts from these) when the visitor becomes known; not when its
  // own vote is recorded (it already shows it).
  const key = waiting ? "waiting" : signedIn ? "in" : "out";
  return (
    <VoteButton key={key} {...common} voted={voted} signInHref={waiting || signedIn ? null : signInHref} waiting={waiting} />
  );
}
