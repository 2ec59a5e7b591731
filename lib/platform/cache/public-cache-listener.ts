import pg from "pg";
import { log } from "@/lib/platform/log/logger";
import { clearPublicCache, invalidateWorkspace } from "@/lib/platform/cache/response-cache";
import { invalidateNamespaces } from "@/lib/platform/cache/namespaces";

// Every instance keeps portal pages, public JSON answers and portal languages in memory (lib/platform/cache/response-cache.ts,
// lib/surfaces/front-door/page-cache.ts). Database triggers (migration public_cache_notify) send a notice on the
// 'public_cache' channel at the commit of any change to what a portal shows, whichever instance,
// job or script made it; this holds one connection listening for them, started by the production
// server, and drops the named workspace's entries. The payload is the workspace's id, or "id slug"
// when the workspace row itself changed: the slug it had, whose entries go too (a renamed or
// unpublished portal must stop answering under its old address at once).
//
// A second channel, 'dashboard_cache' (migration dashboard_cache_notify), names a workspace whose
// dashboard-only rows changed (votes, notification deliveries, companies): only its dashboard pages
// kept for members go, its portal's entries stay.
//
// While the connection is down, notices are lost: so on every (re)connection the whole cache is
// cleared before listening resumes, and reconnection retries with backoff (250 ms doubling to 10 s).

export const PUBLIC_CACHE_CHANNEL = "public_cache";
export const DASHBOARD_CACHE_CHANNEL = "dashboard_cache";
export const LISTENER_APPLICATION_NAME = "public-cache-listener";

export interface PublicCacheListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export interface ListenerOptions {
  url: string;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Called after a notice has been applied (tests). */
  onApplied?: (payload: string) => void;
}

/** Drops what one notice names: the workspace's current slug (looked up) and the slug it had, if given. */
async function apply(client: pg.Client, channel: string, payload: string): Promise<void> {
  const drop = channel === DASHBOARD_CACHE_CHANNEL ? (slug: string) => invalidateNamespaces(["dashboard-page"], slug) : (slug: string) => invalidateWorkspace(slug);
  const [id, oldSlug] = payload.split(" ", 2) as [string, string | undefined];
  if (oldSlug) {
    drop(oldSlug);
  }
  const { rows } = await client.query<{ slug: string }>('SELECT "slug" FROM "Workspace" WHERE "id" = $1', [id]);
  for (const { slug } of rows) {
    drop(slug);
  }
}

export function startPublicCacheListener(options: ListenerOptions): PublicCacheListener {
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  let backoff = minBackoff;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function scheduleReconnect(reason: string) {
    if (stopped || retry) return;
    log.warn({ reason, retryInMs: backoff }, "public cache listener lost its connection; reconnecting");
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, backoff);
    backoff = Math.min(maxBackoff, backoff * 2);
  }

  async function connect(): Promise<void> {
    // Named, so an operator (or a test) can tell it apart in pg_stat_activity.
    const current = new pg.Client({ connectionString: options.url, application_name: LISTENER_APPLICATION_NAME });
    client = current;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      current.removeAllListeners("notification");
      void current.end().catch(() => {});
      scheduleReconnect(reason);
    };
    current.on("error", (error) => onLost(String(error)));
    current.on("end", () => onLost("connection ended"));
    // Notices are applied one after another: each looks a slug up on this one connection, and a
    // client asked a second query while one runs only queues it (deprecated in pg, gone in pg 9).
    let applying = Promise.resolve();
    current.on("notification", (message) => {
      if ((message.channel !== PUBLIC_CACHE_CHANNEL && message.channel !== DASHBOARD_CACHE_CHANNEL) || !message.payload) return;
      const { channel, payload } = message;
      applying = applying
        .then(() => apply(current, channel, payload))
        .catch((error: unknown) => {
          // The workspace could not be looked up: dropping everything is always safe.
          log.warn({ error: String(error) }, "public cache notice not applied by workspace; cleared all");
          clearPublicCache();
        })
        .finally(() => options.onApplied?.(payload));
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${PUBLIC_CACHE_CHANNEL}`);
      await current.query(`LISTEN ${DASHBOARD_CACHE_CHANNEL}`);
      if (stopped) return void (await current.end().catch(() => {}));
      // Whatever changed while nobody listened was missed: start from empty.
      clearPublicCache();
      backoff = minBackoff;
      markReady();
    } catch (error) {
      onLost(String(error));
    }
  }

  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners("end");
        await last.end().catch(() => {});
      }
    },
  };
}
