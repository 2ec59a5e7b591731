import { findWidgetWorkspace, type WidgetWorkspace } from "@/lib/domain/widget/find-widget-workspace";
import { getCachedValue, putCachedValue } from "@/lib/platform/cache/namespaces";

// Every embed page (for its frame-ancestors) and every widget call asks where a workspace's widget
// may run. Kept a few seconds in the public answer cache under the workspace's slug, so a settings
// change (a Workspace row change notifies every instance) drops it with the portal's other entries.
const TTL_MS = 15_000;

/** The published workspace behind a widget, with its allowed origins; null when there is none. */
export async function widgetWorkspace(slug: string): Promise<WidgetWorkspace | null> {
  const hit = getCachedValue("widget-workspace", slug);
  if (hit) return hit.value as WidgetWorkspace | null;
  const value = await findWidgetWorkspace(slug);
  putCachedValue("widget-workspace", slug, {}, value, Date.now() + TTL_MS);
  return value;
}
