"use client";

import { formatDate, formatDateTime, formatUtcDateTime } from "@/lib/platform/text/format-date";
import { useHydrated } from "./use-hydrated";

/**
 * A <time> in the viewer's locale and time zone. The server cannot know either, so it renders the
 * time in UTC, saying so; hydration keeps that text (the server snapshot below) and the browser
 * then re-renders in local time, so server and client never disagree.
 *
 * `date` shows the day only; children replace the text (a relative age). Either way the title
 * carries the full date and time.
 */
export function LocalTime({ value, date = false, children, className }: { value: string | Date; date?: boolean; children?: React.ReactNode; className?: string }) {
  const inBrowser = useHydrated();
  const iso = typeof value === "string" ? value : value.toISOString();
  const full = inBrowser ? formatDateTime(iso, "viewer") : formatUtcDateTime(iso);
  const text = children ?? (date ? formatDate(iso, inBrowser ? "viewer" : "utc") : full);
  return (
    <time dateTime={iso} title={full} className={className}>
      {text}
    </time>
  );
}
