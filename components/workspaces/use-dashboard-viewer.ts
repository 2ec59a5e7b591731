"use client";

import { useEffect, useState } from "react";
import type { DashboardViewer } from "@/lib/domain/users/dashboard-viewer-view";

// One ask per page load, shared by the header's parts that wait for it (account menu, switcher,
// operator link). Asked only by a page rendered for every member of a role; a page rendered for
// one person hands these parts their values and never asks.
let asked: Promise<DashboardViewer | null> | null = null;

function ask(): Promise<DashboardViewer | null> {
  asked ??= fetch("/account/viewer", { credentials: "same-origin", cache: "no-store", headers: { accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<DashboardViewer>) : null))
    .catch(() => null)
    .then((viewer) => {
      // A failed ask may be retried by the next part that mounts (after a client navigation).
      if (!viewer) asked = null;
      return viewer;
    });
  return asked;
}

/** `given` when the server rendered it; else the viewer once the page's ask answers (null until then, or when it fails). */
export function useDashboardViewer<T>(given: T | null | undefined, pick: (viewer: DashboardViewer) => T): T | null {
  const [fetched, setFetched] = useState<T | null>(null);
  const waiting = given === null || given === undefined;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void ask().then((viewer) => {
      if (live && viewer) setFetched(pick(viewer));
    });
    return () => {
      live = false;
    };
    // `pick` is a selector fixed by each caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);
  return waiting ? fetched : given;
}
