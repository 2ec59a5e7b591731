"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { PortalViewerAnswer, PortalViewerIdentity } from "@/lib/domain/users/portal-viewer-view";
import { forgetViewerHint } from "@/lib/platform/auth/viewer-hint";

// A portal page is the same for every visitor (so it is rendered once and then answered from the
// page cache); who is looking is asked for here, after the page has loaded, from the portal's
// viewer endpoint (lib/surfaces/auth/portal-viewer.ts). Until it answers, what depends on the
// visitor is "pending": the HTML carries both the signed-out controls (sign-in links, which is also
// what a visitor without scripts keeps) and a neutral placeholder, and a stylesheet rule picks one
// before the first paint from whether the browser holds a session (<Pending>). A failed ask (the server briefly unavailable) stays pending and is asked
// again a few times, rather than reading as signed out; a session that has ended reads as signed out.

/** How many posts' votes one ask covers (the endpoint's bound). */
const POSTS_PER_ASK = 100;
/** When a failed ask is repeated: then the page stays as it is until the visitor acts. */
const RETRY_AFTER_MS = [1_000, 3_000, 10_000];

export interface PortalViewerState {
  /** Not known yet: the page's first ask has not been answered. */
  pending: boolean;
  visitor: PortalViewerIdentity | null;
  /** Posts whose vote state is known (asked about and answered). */
  known: ReadonlySet<string>;
  voted: ReadonlySet<string>;
}

interface PortalViewerContext extends PortalViewerState {
  /** Asks for the visitor's votes on these posts (each asked once per page load). */
  want(postIds: string[]): void;
  /** The server said the visitor is not signed in any more (an action refused them). */
  signedOut(): void;
  /** The visitor's vote on a post, as the server saved it (a refreshed page's buttons start from it). */
  recordVote(postId: string, voted: boolean): void;
}

const EMPTY: ReadonlySet<string> = new Set();
const SIGNED_OUT: PortalViewerContext = { pending: false, visitor: null, known: EMPTY, voted: EMPTY, want: () => {}, signedOut: () => {}, recordVote: () => {} };
const Context = createContext<PortalViewerContext>(SIGNED_OUT);

export function usePortalViewer(): PortalViewerContext {
  return useContext(Context);
}

async function ask(slug: string, postIds: string[]): Promise<PortalViewerAnswer | null> {
  const query = postIds.length ? `?posts=${postIds.map(encodeURIComponent).join(",")}` : "";
  try {
    const answer = await fetch(`/p/${encodeURIComponent(slug)}/viewer${query}`, { credentials: "same-origin", cache: "no-store", headers: { accept: "application/json" } });
    if (!answer.ok) return null;
    return (await answer.json()) as PortalViewerAnswer;
  } catch {
    return null;
  }
}

export function PortalViewerProvider({ slug, children }: { slug: string; children: ReactNode }) {
  const [state, setState] = useState<PortalViewerState>({ pending: true, visitor: null, known: EMPTY, voted: EMPTY });
  const asked = useRef(new Set<string>());
  const waiting = useRef(new Set<string>());
  const scheduled = useRef(false);
  const signedOutForGood = useRef(false);
  const failures = useRef(0);
  const scheduleRef = useRef<() => void>(() => {});

  const flush = useCallback(() => {
    scheduled.current = false;
    const ids = [...waiting.current];
    waiting.current.clear();
    const batches: string[][] = [];
    for (let at = 0; at < ids.length; at += POSTS_PER_ASK) batches.push(ids.slice(at, at + POSTS_PER_ASK));
    if (!batches.length) batches.push([]);
    for (const batch of batches) {
      void ask(slug, batch).then((answer) => {
        if (!answer) {
          // Asked again later; until then these posts (and the visitor, if never known) stay pending.
          const delay = RETRY_AFTER_MS[failures.current++];
          if (delay !== undefined) {
            setTimeout(() => {
              for (const id of batch) waiting.current.add(id);
              scheduleRef.current();
            }, delay);
          }
          return;
        }
        // The browser's hint said "signed in" but nobody is (a session that ended, or a page a cache
        // in front answered without the front door's correction): the next page starts signed out.
        if (!answer.visitor) forgetViewerHint();
        setState((previous) => {
          // Once an action said the session ended, a later answer does not sign the page back in.
          const visitor = signedOutForGood.current ? null : answer.visitor;
          const known = new Set(previous.known);
          const voted = new Set(previous.voted);
          for (const id of batch) {
            known.add(id);
            voted.delete(id);
          }
          if (visitor) for (const id of answer.voted) voted.add(id);
          return { pending: false, visitor, known, voted };
        });
      });
    }
  }, [slug]);

  const schedule = useCallback(() => {
    if (scheduled.current) return;
    scheduled.current = true;
    // The vote buttons of one render all ask within the same tick: one request for them all.
    setTimeout(flush, 0);
  }, [flush]);
  useEffect(() => {
    scheduleRef.current = schedule;
  }, [schedule]);

  const want = useCallback(
    (postIds: string[]) => {
      let added = false;
      for (const id of postIds) {
        if (asked.current.has(id)) continue;
        asked.current.add(id);
        waiting.current.add(id);
        added = true;
      }
      if (added) schedule();
    },
    [schedule],
  );

  const signedOut = useCallback(() => {
    signedOutForGood.current = true;
    setState((previous) => ({ ...previous, pending: false, visitor: null }));
  }, []);

  const recordVote = useCallback((postId: string, voted: boolean) => {
    setState((previous) => {
      const next = new Set(previous.voted);
      if (voted) next.add(postId);
      else next.delete(postId);
      return { ...previous, voted: next };
    });
  }, []);

  // Who is looking, even on a page without posts (the header shows their name).
  useEffect(() => schedule(), [schedule]);

  const value = useMemo(() => ({ ...state, want, signedOut, recordVote }), [state, want, signedOut, recordVote]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/**
 * While the visitor is not known yet: `guest` for a browser without a session (and for visitors
 * without scripts), `hinted` for one that holds a session (lib/platform/auth/viewer-hint.ts and
 * the rule in globals.css), so a signed-in visitor never sees sign-in links come and go.
 */
export function Pending({ guest, hinted }: { guest: ReactNode; hinted: ReactNode }) {
  return (
    <>
      <div className="viewer-guest">{guest}</div>
      <div className="viewer-hinted">{hinted}</div>
    </>
  );
}

/**
 * `signedIn` for a signed-in visitor, `signedOut` otherwise; while the visitor is not known yet,
 * `signedOut` unless the browser holds a session (then nothing until the answer).
 */
export function ForViewer({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const { pending, visitor } = usePortalViewer();
  if (pending) return <Pending guest={signedOut} hinted={null} />;
  return <>{visitor ? signedIn : signedOut}</>;
}
