import type { PortalLanguages } from "@/lib/platform/i18n/locales";
import { findPublishedWorkspace, isPossibleSlug } from "@/lib/domain/workspaces/find-published-workspace";
import { getCachedValue, invalidateNamespaces, putCachedValue } from "@/lib/platform/cache/namespaces";

// The proxy asks on every unprefixed portal page to pick a visitor's first language; a few seconds
// of staleness after a settings change is the price of not reading the row each time (and a change
// drops the entry at once: it is kept under the workspace's slug in the public answer cache, so it
// goes with the workspace's other entries, and counts against the same byte budget, however many
// unknown slugs clients ask about). Pages themselves read the workspace afresh (loadPortal), so
// what they render is never stale.
const TTL_MS = 15_000;

/** The languages of a published portal, for the proxy's first-visit redirect; null when there is none. */
export async function findPortalLanguages(slug: string): Promise<PortalLanguages | null> {
  if (!isPossibleSlug(slug)) return null;
  const hit = getCachedValue("portal-languages", slug);
  if (hit) return hit.value;
  const value = (await findPublishedWorkspace(slug))?.languages ?? null;
  const now = Date.now();
  putCachedValue("portal-languages", slug, {}, value, now + TTL_MS, now);
  return value;
}

/** After a settings change in this process, the next request's redirect sees it at once. */
export function forgetPortalLanguages(slug: string): void {
  invalidateNamespaces(["portal-languages"], slug);
}
