import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";

// A short-lived in-process cache of whole public answers, so repeated reads of the same published
// page cost no database query at all (not even the workspace lookup). Keyed by the normalised
// request (workspace slug, route, origin, validated params and query: parameters nobody reads
// cannot split it). Bounded by total bytes, not only entries: 2,000 entries of half a megabyte each
// once held over a gigabyte (a bound in entries alone let crafted requests fill memory). Least recently used out first, and each entry
// dropped at its TTL. Each instance keeps its own; a write made in this process (a vote, a comment)
// drops its workspace's entries at once, and a database notice does the same on every instance for
// any change (lib/platform/cache/public-cache-listener.ts).
//
// The same store, under the same byte budget, holds the fast lane's index (fast-lane.ts): which
// request line was answered from which entry. Request lines are the client's to write, so they
// are counted like everything else, keys included, and none longer than MAX_LINE_CHARS is kept.
// So is each answer's gzipped copy, once made: nothing the public surface keeps in memory grows
// past PUBLIC_CACHE_MAX_BYTES whatever anonymous clients send. Signed-out portal pages
// (page-cache.ts) and portal language settings (portal-languages.ts) live here too, under their
// workspace's slug, on the same terms.
export interface CachedAnswer {
  status: number;
  body: string;
  contentType: string;
  etag: string;
  /** Headers the handler asked for beyond the standard ones (e.g. the badge's CSP). */
  headers: Record<string, string>;
  expiresAt: number;
  /** The answer's next time-based boundary (ms since epoch), if it has one: no cache keeps it past that. */
  validUntil: number | null;
  /** The body gzipped, made on the first hit that asks for it (gzippedBody). */
  gzipped?: Buffer;
}

/** A request line the public pipeline answered from cache entry `key` (fast-lane.ts). */
export interface LaneRecord {
  key: string;
  cacheControl: (answer: CachedAnswer) => string;
}

type Stored = CachedAnswer | LaneRecord;
const isAnswer = (value: Stored | undefined): value is CachedAnswer => value !== undefined && "body" in value;

/** Longer request lines are never indexed: each would cost its length in memory for one hit. */
export const MAX_LINE_CHARS = 2048;
// Lane keys cannot collide with answer keys, which start with a workspace slug.
const LANE_PREFIX = "\u0001lane\u0000";

// Bytes are the real bound; this only caps the LRU's own preallocated bookkeeping.
const MAX_ENTRIES = 20_000;
const MAX_BODY_CHARS = 512 * 1024;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
// Per entry beyond its strings: the record, its headers and the LRU's own bookkeeping.
const ENTRY_OVERHEAD_BYTES = 512;

/** PUBLIC_CACHE_MAX_BYTES, else 32 MiB: what the whole cache may hold, keys and bodies counted. */
const DEFAULT_PAGE_TTL_SECONDS = 60;

/**
 * PUBLIC_PAGE_CACHE_TTL_SECONDS, else 60: the longest a rendered portal page (and a read shared by
 * its visitors) is kept, changes or not.
 */
export function pageCacheTtlMs(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.PUBLIC_PAGE_CACHE_TTL_SECONDS);
  return (Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_PAGE_TTL_SECONDS) * 1000;
}

export function publicCacheMaxBytes(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.PUBLIC_CACHE_MAX_BYTES);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_BYTES;
}

/** What one entry is counted as: its key, its strings (two bytes a character at worst), its gzipped copy. */
export function sizeOf(value: Stored, key: string): number {
  const strings = isAnswer(value)
    ? value.body.length + value.etag.length + value.contentType.length + Object.entries(value.headers).join("").length
    : value.key.length;
  return 2 * (key.length + strings) + (isAnswer(value) ? (value.gzipped?.length ?? 0) : 0) + ENTRY_OVERHEAD_BYTES;
}

function createCache() {
  return new LRUCache<string, Stored>({ max: MAX_ENTRIES, maxSize: publicCacheMaxBytes(), sizeCalculation: sizeOf });
}

// On globalThis: Next bundles route handlers and server actions separately, each with its own copy
// of this module, and a write made by a server action (a vote, a deleted workspace) must clear the
// entries the route handlers serve. Seen in the production build: with a module-level map, a
// deleted workspace's cached status kept answering 200.
interface Epochs {
  /** Invalidations so far, all workspaces. */
  value: number;
  /** `value` at the last invalidation of each slug (the most recent 10,000 slugs). */
  bySlug: LRUCache<string, number>;
  /** The highest of those that fell out of `bySlug`: an unknown slug may have been invalidated then. */
  forgotten: number;
  /** `value` at the last clearing of everything. */
  cleared: number;
}

const holder = globalThis as { __publicAnswerLru?: LRUCache<string, Stored>; __publicCacheEpochs?: Epochs };
const entries: LRUCache<string, Stored> = (holder.__publicAnswerLru ??= createCache());
// An answer rendered while its workspace was invalidated may hold what the change made untrue: the
// renderer notes `renderStarted()` first and stores only if `invalidatedSince(slug, started)` is
// false. Per workspace, so writes elsewhere never keep a page from being cached.
const epochs: Epochs = (holder.__publicCacheEpochs ??= {
  value: 0,
  forgotten: 0,
  cleared: 0,
  bySlug: new LRUCache<string, number>({
    max: 10_000,
    dispose: (value, _slug, reason) => {
      if (reason === "evict") epochs.forgotten = Math.max(epochs.forgotten, value);
    },
  }),
});

/** A mark to compare with after a render (`invalidatedSince`). */
export function renderStarted(): number {
  return epochs.value;
}

/** Whether the workspace's entries (or all entries) were dropped after `mark`. */
export function invalidatedSince(slug: string, mark: number): boolean {
  return Math.max(epochs.cleared, epochs.bySlug.get(slug) ?? epochs.forgotten) > mark;
}

export function getCached(key: string, now = Date.now()): CachedAnswer | undefined {
  const entry = entries.get(key);
  if (!isAnswer(entry)) return undefined;
  // Checked against the wall clock too: the LRU's TTL runs on its own monotonic clock, and an
  // entry must never outlive its validUntil boundary whatever that clock says.
  if (entry.expiresAt <= now) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

export function putCached(key: string, answer: CachedAnswer, now = Date.now()): void {
  if (answer.body.length > MAX_BODY_CHARS) return;
  const ttl = answer.expiresAt - now;
  if (ttl <= 0) return;
  entries.set(key, answer, { ttl });
}

/** Records that request `line` was answered from entry `key`, for as long as that entry lives. */
export function rememberLine(line: string, lane: LaneRecord): void {
  if (line.length > MAX_LINE_CHARS) return;
  const laneKey = LANE_PREFIX + line;
  const known = entries.get(laneKey);
  if (known && !isAnswer(known) && known.key === lane.key) return;
  const ttl = entries.getRemainingTTL(lane.key);
  if (!(ttl > 0) || !Number.isFinite(ttl)) return;
  entries.set(laneKey, lane, { ttl });
}

/** The lane recorded for `line`, if any. */
export function laneOf(line: string): LaneRecord | undefined {
  if (line.length > MAX_LINE_CHARS) return undefined;
  const found = entries.get(LANE_PREFIX + line);
  return found && !isAnswer(found) ? found : undefined;
}

/** The answer's body gzipped, made once and then counted against the budget with its entry. */
export function gzippedBody(key: string, answer: CachedAnswer, body: Uint8Array): Buffer {
  if (answer.gzipped) return answer.gzipped;
  const gzipped = gzipSync(body);
  const ttl = entries.getRemainingTTL(key);
  // Stored again as a new record, so the cache counts its size anew.
  if (entries.get(key) === answer && ttl > 0 && Number.isFinite(ttl)) entries.set(key, { ...answer, gzipped }, { ttl });
  return gzipped;
}

/**
 * Forget everything cached for one workspace (after a write this process made), or only its keys
 * under `keyPrefix` (one namespace, namespaces.ts). Keys are built by namespaces.ts cacheKey.
 */
export function invalidateWorkspace(workspaceSlug: string, keyPrefix = `${workspaceSlug}\u0000`): void {
  epochs.bySlug.set(workspaceSlug, ++epochs.value);
  for (const key of [...entries.keys()]) if (key.startsWith(keyPrefix)) entries.delete(key);
}

export function clearPublicCache(): void {
  epochs.cleared = ++epochs.value;
  entries.clear();
}

/** For the health endpoint and tests: how full the cache is (answers and lanes, keys included). */
export function publicCacheStats(): { entries: number; bytes: number; maxBytes: number } {
  return { entries: entries.size, bytes: entries.calculatedSize, maxBytes: entries.maxSize };
}

/** A weak validator: the body's hash. Weak because transparent compression may re-encode the bytes. */
export function etagOf(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** RFC 9110 If-None-Match with weak comparison: `*`, or any listed tag equal once W/ is ignored. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return header.split(",").some((tag) => opaque(tag) === wanted);
}
