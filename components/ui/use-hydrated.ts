"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React owns the page. Controls whose
 * handler only exists after hydration stay disabled until then, so an early click is not silently
 * lost (the browser would toggle a checkbox that React then puts back).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
