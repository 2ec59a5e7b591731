import { getCachedValue, putCachedValue } from "@/lib/platform/cache/namespaces";
import { invalidatedSince, pageCacheTtlMs, renderStarted } from "@/lib/platform/cache/response-cache";

// Reads that are the same for every visitor of a published portal (a post with its comments), kept
// between requests so a signed-in visitor's page, rendered per request because it shows their own
// vote and name, reads only what is theirs. Stored in the public answer cache (response-cache.ts)
// under the workspace's slug, as JSON: so they count against the same byte budget
// (PUBLIC_CACHE_MAX_BYTES) and are dropped by the same events as the workspace's cached pages — a
// write in this process at once, a database notice from any instance (lib/platform/cache/public-cache-listener.ts)
// — and never live longer than a cached page (PUBLIC_PAGE_CACHE_TTL_SECONDS). A read that ran while
// its workspace was invalidated is returned but not kept. Only for JSON-shaped values (no Dates).
export async function sharedRead<T>(slug: string, name: string, input: Record<string, string>, read: () => Promise<T>): Promise<T> {
  const hit = getCachedValue("shared-read", slug, { name, input });
  if (hit) return hit.value as T;
  const started = renderStarted();
  const value = await read();
  if (!invalidatedSince(slug, started)) putCachedValue("shared-read", slug, { name, input }, value, Date.now() + pageCacheTtlMs());
  return value;
}
