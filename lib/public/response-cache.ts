import { createHash } from "node:crypto";

// A short-lived in-process cache of whole public answers, so repeated reads of the same published
// page cost no database query at all (not even the workspace lookup). Keyed by the normalised
// request (workspace slug, route, origin, validated params and query: parameters nobody reads
// cannot split it), bounded in entries and body size, least
// recently used out first. Each instance keeps its own; the TTLs are short enough that a write
// shows up everywhere within seconds, and a write made in this process (a vote, a comment)
// drops its workspace's entries at once.
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
}

const MAX_ENTRIES = 2_000;
const MAX_BODY_CHARS = 512 * 1024;

// On globalThis: Next bundles route handlers and server actions separately, each with its own copy
// of this module, and a write made by a server action (a vote, a deleted workspace) must clear the
// entries the route handlers serve. Seen in the production build: with a module-level map, a
// deleted workspace's cached status kept answering 200.
const entries: Map<string, CachedAnswer> = ((globalThis as { __publicAnswerCache?: Map<string, CachedAnswer> }).__publicAnswerCache ??= new Map());

export function cacheKey(workspaceSlug: string, route: string, input: unknown): string {
  return `${workspaceSlug}\u0000${route}\u0000${stableStringify(input ?? {})}`;
}

export function getCached(key: string, now = Date.now()): CachedAnswer | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= now) {
    entries.delete(key);
    return undefined;
  }
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

export function putCached(key: string, answer: CachedAnswer): void {
  if (answer.body.length > MAX_BODY_CHARS) return;
  entries.delete(key);
  entries.set(key, answer);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** Forget everything cached for one workspace (after a write this process made). */
export function invalidateWorkspace(workspaceSlug: string): void {
  const prefix = `${workspaceSlug}\u0000`;
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
}

export function clearPublicCache(): void {
  entries.clear();
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
