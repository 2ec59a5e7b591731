"use client";

import { useEffect, useRef } from "react";
import { hostOriginOf, postToHost } from "./frame-messages";
import { WidgetHeader } from "./widget-header";

/**
 * The changelog popup's frame: the notes are rendered by the page; this tells the host page the
 * newest one has been seen (its unread count drops to zero) and carries the close button.
 */
export function ChangelogFrame({ allowedOrigins, latest, title, closeLabel, children }: { allowedOrigins: string[]; latest: string | null; title: string; closeLabel: string; children: React.ReactNode }) {
  const hostOrigin = useRef<string | null>(null);
  useEffect(() => {
    const origin = hostOriginOf({ isFramed: window.parent !== window, ancestorOrigins: window.location.ancestorOrigins, referrer: document.referrer }, allowedOrigins);
    hostOrigin.current = origin;
    postToHost(window.parent, origin, "ready");
    if (latest) postToHost(window.parent, origin, "changelog:viewed", { latest });
  }, [allowedOrigins, latest]);
  return (
    <div className="flex h-full flex-col">
      <WidgetHeader title={title} closeLabel={closeLabel} onClose={() => postToHost(window.parent, hostOrigin.current, "close")} />
      <div className="flex-1 overflow-y-auto p-4">{children}</div>
    </div>
  );
}
