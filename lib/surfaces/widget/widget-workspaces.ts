import { findWidgetWorkspace, type WidgetWorkspace } from "@/lib/domain/widget/find-widget-workspace";
import { getCached, putCached } from "@/lib/platform/cache/response-cache";

// Every embed page (for its frame-ancestors) and every widget call asks where a workspace's widget
// may run. Kept a few seconds in the public answer cache under the workspace's slug, so a settings
// change (a Workspace row change notifies every instance) drops it with the portal's other entries.
const TTL_MS = 15_000;

const keyOf = (slug: string) => `${slug}\u0000widget`;

/** The published workspace behind a widget, with its allowed origins; null when there is none. */
export async function widgetWorkspace(slug: string): Promise<WidgetWorkspace | null> {
  const hit = getCached(keyOf(slug));
  if (hit) return JSON.parse(hit.body) as WidgetWorkspace | null;
  const value = await findWidgetWorkspace(slug);
  const now = Date.now();
  putCached(keyOf(slug), { status: 200, body: JSON.stringify(value), contentType: "application/json", etag: "", headers: {}, expiresAt: now + TTL_MS, validUntil: null }, now);
  return value;
}
