import { LRUCache } from "lru-cache";
import { db } from "@/lib/db/client";
import { portalLanguagesOf, type PortalLanguages } from "@/lib/i18n/locales";
import { publishedPortalFilter } from "@/lib/visibility";
import { isPossibleSlug } from "./find-published-workspace";

// The proxy asks on every unprefixed portal page to pick a visitor's first language; a few seconds
// of staleness after a settings change is the price of not reading the row each time. Pages
// themselves read the workspace afresh (loadPortal), so what they render is never stale.
const TTL_MS = 15_000;
const cache = new LRUCache<string, { value: PortalLanguages | null }>({ max: 5_000, ttl: TTL_MS });

/** The languages of a published portal, for the proxy's first-visit redirect; null when there is none. */
export async function findPortalLanguages(slug: string): Promise<PortalLanguages | null> {
  if (!isPossibleSlug(slug)) return null;
  const hit = cache.get(slug);
  if (hit) return hit.value;
  const row = await db.workspace.findFirst({ where: { slug, ...publishedPortalFilter }, select: { portalDefaultLocale: true, portalLocales: true } });
  const value = row ? portalLanguagesOf(row) : null;
  cache.set(slug, { value });
  return value;
}

/** After a settings change in this process, the next request sees it at once. */
export function forgetPortalLanguages(slug: string): void {
  cache.delete(slug);
}
