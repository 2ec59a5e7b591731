import type { PortalLanguages } from "@/lib/platform/i18n/locales";
import { getCached, invalidateWorkspace, putCached, type CachedAnswer } from "./response-cache";

// Every kind of entry the public answer cache (response-cache.ts) holds, named once, with the type
// of what it holds. A key is built only here: the workspace's slug first (so a change drops all of
// a workspace's entries at once, invalidateWorkspace), then the namespace, then the normalised
// input (parameters nobody reads cannot split it: keys sort, undefined fields drop). Two namespaces
// never share an entry, whatever their inputs.
export interface CacheNamespaces {
  /** A key-free /api/public answer, per route name and the site's origin (definePublicRoute). */
  "public-answer": CachedAnswer;
  /** A rendered signed-out portal page, per language, host, URL and theme (the front door's page cache). */
  "portal-page": CachedAnswer;
  /** A dashboard page rendered for every member of one role, per role, host, URL and theme (the front door's dashboard page cache). */
  "dashboard-page": CachedAnswer;
  /** A read the same for every visitor of a portal (sharedRead), as JSON. */
  "shared-read": unknown;
  /** A published portal's languages, for the proxy's first-visit redirect; null: no such portal. */
  "portal-languages": PortalLanguages | null;
  /** Where a workspace's widget may run (its allowed origins), for every embed page and widget call; its shape is the widget's own. */
  "widget-workspace": unknown;
}

export type CacheNamespace = keyof CacheNamespaces;

/** The namespaces, for tests and the health page: every one of them, in one place. */
export const CACHE_NAMESPACES = ["public-answer", "portal-page", "dashboard-page", "shared-read", "portal-languages", "widget-workspace"] as const satisfies readonly CacheNamespace[];

/** The namespaces whose entries are JSON values (the others hold whole answers). */
type ValueNamespace = "shared-read" | "portal-languages" | "widget-workspace";

const SEPARATOR = "\u0000";

/** The one key builder of the public cache. */
export function cacheKey(namespace: CacheNamespace, workspaceSlug: string, input: unknown = {}): string {
  return `${workspaceSlug}${SEPARATOR}${namespace}${SEPARATOR}${stableStringify(input ?? {})}`;
}

/** The namespace a key was built in (undefined for one built elsewhere, which the table forbids). */
export function namespaceOf(key: string): CacheNamespace | undefined {
  const name = key.split(SEPARATOR)[1];
  return (CACHE_NAMESPACES as readonly string[]).includes(name ?? "") ? (name as CacheNamespace) : undefined;
}

/** A JSON-valued namespace's entry, typed by the table. */
export function getCachedValue<N extends ValueNamespace>(namespace: N, slug: string, input: unknown = {}): { value: CacheNamespaces[N] } | undefined {
  const hit = getCached(cacheKey(namespace, slug, input));
  return hit ? { value: JSON.parse(hit.body) as CacheNamespaces[N] } : undefined;
}

/** Keeps a JSON-valued namespace's entry until `expiresAt` (ms since epoch), counted against the cache's byte budget. */
export function putCachedValue<N extends ValueNamespace>(namespace: N, slug: string, input: unknown, value: CacheNamespaces[N], expiresAt: number, now = Date.now()): void {
  const body = JSON.stringify(value);
  putCached(cacheKey(namespace, slug, input), { status: 200, body, contentType: "application/json", etag: "", headers: {}, expiresAt, validUntil: null }, now);
}

/**
 * Invalidation by namespace: this workspace's entries of the named namespaces go, the others stay.
 * A change to what a portal shows drops every namespace at once (invalidateWorkspace).
 */
export function invalidateNamespaces(namespaces: readonly CacheNamespace[], workspaceSlug: string): void {
  for (const namespace of namespaces) invalidateWorkspace(workspaceSlug, `${workspaceSlug}${SEPARATOR}${namespace}${SEPARATOR}`);
}

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableStringify(record[key])}`)
    .join(",")}}`;
}
