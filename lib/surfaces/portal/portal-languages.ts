import type { PortalLanguages } from "@/lib/platform/i18n/locales";
import { findPublishedWorkspace, isPossibleSlug } from "@/lib/domain/workspaces/find-published-workspace";
import { getCached, invalidateWorkspace, putCached } from "@/lib/platform/cache/response-cache";

// The proxy asks on every unprefixed portal page to pick a visitor's first language; a few seconds
// of staleness after a settings change is the price of not reading the row each time (and a change
// drops the entry at once: it is kept under the workspace's slug in the public answer cache, so it
// goes with the workspace's other entries, and counts against the same byte budget, however many
// unknown slugs clients ask about). Pages themselves read the workspace afresh (loadPortal), so
// what they render is never stale.
const TTL_MS = 15_000;

const keyOf = (slug: string) => `${slug}\u0000languages`;

/** The languages of a published portal, for the proxy's first-visit redirect; null when there is none. */
export async function findPortalLanguages(slug: string): Promise<PortalLanguages | null> {
  if (!isPossibleSlug(slug)) return null;
  const hit = getCached(keyOf(slug));
  if (hit) return JSON.parse(hit.body) as PortalLanguages | null;
  const value = (await findPublishedWorkspace(slug))?.languages ?? null;
  const now = Date.now();
  putCached(keyOf(slug), { status: 200, body: JSON.stringify(value), contentType: "application/json", etag: "", headers: {}, expiresAt: now + TTL_MS, validUntil: null }, now);
  return value;
}

/** After a settings change in this process, the next request sees it at once (with every page of that portal). */
export function forgetPortalLanguages(slug: string): void {
  invalidateWorkspace(slug);
}
