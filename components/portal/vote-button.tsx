"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { voteAction, type VoteActionResult } from "@/lib/surfaces/actions/portal/feedback";

/** Casts or takes back the visitor's upvote; the answer carries the server's count. */
export type VoteAction = (workspaceSlug: string, postId: string, voted: boolean) => Promise<VoteActionResult>;

interface VoteButtonProps {
  slug: string;
  postId: string;
  voted: boolean;
  voteCount: number;
  /** Where a signed-out visitor goes to sign in and come back; null when signed in. */
  signInHref: string | null;
  size?: "md" | "lg";
  /** The portal's server action unless told otherwise: the widget's frame votes through its own API. */
  vote?: VoteAction;
  /** Shown disabled: whether the visitor may vote, or has, is not known yet. */
  waiting?: boolean;
  /** Called when the server says the visitor is no longer signed in. */
  onSignedOut?: () => void;
  /** Called with the visitor's vote once the server has saved it. */
  onVoted?: (voted: boolean) => void;
  /** The button's test id: a placeholder shown beside the real control names itself apart. */
  testId?: string;
}

// The message keys (messages/<locale>.json, "Vote") of each refusal.
const VOTE_REFUSALS: Record<Extract<VoteActionResult, { ok: false }>["reason"], "signedOut" | "mergedAway" | "gone" | "unavailable"> = {
  signed_out: "signedOut",
  merged: "mergedAway",
  not_found: "gone",
  unavailable: "unavailable",
};

/** Upvote toggle. Shows the new state at once and settles on the server's count. */
export function VoteButton({ slug, postId, voted: initialVoted, voteCount: initialCount, signInHref, size = "md", vote = voteAction, waiting = false, onSignedOut, onVoted, testId = "vote-count" }: VoteButtonProps) {
  const t = useTranslations("Vote");
  const tc = useTranslations("Common");
  // Counts in the page's language's digits and grouping (1.234 in German), as the labels say them.
  const format = useFormatter();
  const [state, setState] = useState({ voted: initialVoted, voteCount: initialCount });
  const [error, setError] = useState("");
  const [pending, startTransition] = useTransition();
  // The vote is sent by the click handler, which exists once React has hydrated the page.
  const hydrated = useHydrated();
  const box = size === "lg" ? "h-16 w-14" : "h-14 w-12";
  const label = t("label", { action: state.voted ? t("removeUpvote") : t("upvote"), votes: tc("votes", { count: state.voteCount }) });

  if (signInHref) {
    return (
      <Link
        href={signInHref}
        title={t("signInToVote")}
        aria-label={t("signInToUpvote", { votes: tc("votes", { count: initialCount }) })}
        data-testid="vote-count"
        className={`flex ${box} shrink-0 flex-col items-center justify-center rounded-lg border border-slate-200 bg-white text-slate-700 hover:border-indigo-300 hover:text-indigo-700`}
      >
        <Arrow />
        <span className="text-sm font-semibold tabular-nums">{format.number(initialCount)}</span>
      </Link>
    );
  }

  function toggle() {
    const next = !state.voted;
    const previous = state;
    setError("");
    setState({ voted: next, voteCount: Math.max(0, state.voteCount + (next ? 1 : -1)) });
    startTransition(async () => {
      try {
        const result = await vote(slug, postId, next);
        if (result.ok) {
          setState({ voted: result.voted, voteCount: result.voteCount });
          onVoted?.(result.voted);
        }
        else {
          setState(previous);
          setError(t(VOTE_REFUSALS[result.reason]));
          if (result.reason === "signed_out") onSignedOut?.();
        }
      } catch {
        setState(previous);
        setError(t("notSaved"));
      }
    });
  }

  return (
    <div className="flex shrink-0 flex-col items-center">
      <button
        type="button"
        onClick={toggle}
        disabled={pending || waiting || !hydrated}
        aria-pressed={state.voted}
        aria-label={label}
        title={state.voted ? t("removeUpvote") : t("upvote")}
        data-testid={testId}
        className={`flex ${box} flex-col items-center justify-center rounded-lg border transition-colors disabled:opacity-70 ${
          state.voted ? "border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500" : "border-slate-200 bg-white text-slate-700 hover:border-indigo-300 hover:text-indigo-700"
        }`}
      >
        <Arrow />
        <span className="text-sm font-semibold tabular-nums">{format.number(state.voteCount)}</span>
      </button>
      {error ? (
        <p role="alert" className="mt-1 max-w-24 text-center text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Arrow() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M10 4l6 8H4z" />
    </svg>
  );
}
