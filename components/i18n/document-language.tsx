"use client";

import { useEffect } from "react";

/**
 * Keeps <html lang dir> on the page's language across client-side navigation. The server's HTML
 * already says it (app/layout.tsx), but the root element is not rendered again when a link leads
 * from a portal page to the dashboard or a sign-in page: this puts the right language on the way
 * in and English, left to right, on the way out.
 */
export function DocumentLanguage({ lang, dir }: { lang: string; dir: "ltr" | "rtl" }) {
  useEffect(() => {
    const root = document.documentElement;
    root.lang = lang;
    root.dir = dir;
    return () => {
      root.lang = "en";
      root.dir = "ltr";
    };
  }, [lang, dir]);
  return null;
}
