"use client";

import { useHydrated } from "@/components/ui/use-hydrated";
import { describeAge, formatAge } from "./format-age";

/**
 * A post's, vote's or comment's age. The server's text (`children`) is what hydration sees; the
 * browser then works it out again from its own clock, so a page kept and answered again for a
 * while (the dashboard's shared render) never shows an age as old as the render.
 */
export function Age({ iso, words = false, children }: { iso: string; words?: boolean; children: string }) {
  const inBrowser = useHydrated();
  if (!inBrowser) return children;
  return words ? describeAge(iso) : formatAge(iso);
}
