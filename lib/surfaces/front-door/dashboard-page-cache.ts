import type { IncomingMessage, ServerResponse } from "node:http";
import type { Role } from "@/lib/generated/prisma/enums";
import { cacheKey } from "@/lib/platform/cache/namespaces";
import { invalidatedSince, MAX_LINE_CHARS, pageCacheTtlMs, putCached, renderStarted, etagOf } from "@/lib/platform/cache/response-cache";
import { parseThemePreference, THEME_COOKIE } from "@/lib/platform/theme/preference";
import { memberRoleIn } from "@/lib/domain/workspaces/list-user-workspaces";
import { sessionOfCookieHeader } from "@/lib/surfaces/auth/session-of-cookies";
import { SHARED_RENDER_HEADER } from "@/lib/surfaces/dashboard/shared-render-header";
import { answerOrRender, captureRender, carriesSession } from "./page-cache";

// The dashboard's inbox and a post's page, rendered once for every member of a role and answered
// from the in-process cache by the production server's front door. A team working its inbox reloads
// the same few addresses all day; each render costs ~15-25 ms of CPU, an answer from here a session
// check and a write.
//
// What makes a render shareable between members: it never names who is looking. The front door
// marks the render (SHARED_RENDER_HEADER, dropped from whatever a client sends), and the layouts
// then leave out the person's own parts (their address in the account menu, their workspaces in the
// switcher, the operator's link), which the page's script asks for (GET /account/viewer,
// lib/surfaces/dashboard/dashboard-viewer.ts). What the pages show besides depends on the
// workspace's rows, the role (what controls there are) and the address, and each of those is in
// the key or drops the entry when it changes: the role, the theme cookie, the host and forwarding
// headers, the path and query as received.
//
// Every request is still checked as if rendered: its session decoded and checked, its membership
// read. Signed out, not a member, or the database unable to say: Next answers as it would have
// (the sign-in redirect, the 404, the 503), and nothing from here.
//
// Entries sit under the workspace's slug beside its portal's (response-cache.ts), so every change
// that drops the portal's drops these too: a write in this process (refreshAfterChange), a database
// notice from any instance for any table a portal shows, and a notice of its own channel for the
// tables only the dashboard shows (votes, notification deliveries, companies;
// lib/platform/cache/public-cache-listener.ts). None lives longer than PUBLIC_PAGE_CACHE_TTL_SECONDS
// (a person's name or address changed elsewhere shows within it); the ages on the page are worked
// out again by the browser from their timestamps.
//
// The CSP nonce is replayed with the page, as on the portal: every write to what the page shows
// drops it, so no text on it was written after its nonce was drawn.

const SHARED_PAGES = /^\/w\/([a-z0-9][a-z0-9-]*)\/posts(?:\/[A-Za-z0-9_-]+)?$/;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

export function dashboardPageCacheEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.DASHBOARD_PAGE_CACHE !== "off";
}

/** The workspace slug when the request is a visit to a page this cache shares between members, else null. */
export function dashboardPageSlugOf(request: Pick<IncomingMessage, "method" | "url" | "headers">): string | null {
  const { method, url = "", headers } = request;
  if (method !== "GET" && method !== "HEAD") return null;
  if (!url.startsWith("/w/") || url.length > MAX_LINE_CHARS) return null;
  // A client navigation's RSC fetch, a prefetch, a server action: Next answers each for its sender.
  if (headers.rsc !== undefined || headers["next-router-prefetch"] !== undefined || headers["next-action"] !== undefined) return null;
  const queryAt = url.indexOf("?");
  return SHARED_PAGES.exec(queryAt < 0 ? url : url.slice(0, queryAt))?.[1] ?? null;
}

function themeOf(cookieHeader: string): string {
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === THEME_COOKIE) return parseThemePreference(part.slice(at + 1).trim());
  }
  return parseThemePreference(undefined);
}

/** The key of one role's render of this address. */
export function dashboardPageKey(request: Pick<IncomingMessage, "url" | "headers">, slug: string, role: Role): string {
  const { headers } = request;
  return cacheKey("dashboard-page", slug, [role, single(headers.host), single(headers["x-forwarded-proto"]), single(headers["x-forwarded-host"]), request.url ?? "", themeOf(single(headers.cookie))]);
}

/**
 * Answers a member's visit to the inbox or a post's page from the cache, or renders it through
 * `handle` for every member of their role (keeping it when it may be shared). Returns false, having
 * written nothing, when this request is not one to share: Next then answers it for its sender.
 */
export async function serveDashboardPage(
  request: IncomingMessage,
  response: ServerResponse,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  { waitForOthersMs = Infinity }: { waitForOthersMs?: number } = {},
): Promise<boolean> {
  if (!dashboardPageCacheEnabled()) return false;
  const slug = dashboardPageSlugOf(request);
  const cookie = single(request.headers.cookie);
  if (slug === null || !carriesSession(cookie)) return false;
  const member = await memberOf(cookie, slug).catch(() => null);
  if (!member) return false;
  const key = dashboardPageKey(request, slug, member.role);
  return answerOrRender(request, response, { key, slug, status: false }, true, waitForOthersMs, () => renderAndStore(request, response, key, slug, member, handle));
}

async function memberOf(cookie: string, slug: string): Promise<{ userId: string; role: Role } | null> {
  const session = await sessionOfCookieHeader(cookie);
  const role = session ? await memberRoleIn(session.userId, slug) : null;
  return session && role ? { userId: session.userId, role } : null;
}

async function renderAndStore(request: IncomingMessage, response: ServerResponse, key: string, slug: string, member: { userId: string; role: Role }, handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<void> {
  const started = renderStarted();
  const now = Date.now();
  request.headers[SHARED_RENDER_HEADER] = "1";
  const captured = await captureRender(request, response, handle);
  if (!captured || invalidatedSince(slug, started)) return;
  // The render read the role itself: kept only if the role is still the one of the key (a role
  // changed during the render may have shown another role's controls).
  const role = await memberRoleIn(member.userId, slug).catch(() => null);
  if (role !== member.role || invalidatedSince(slug, started)) return;
  const { body, contentType, headers } = captured;
  putCached(key, { status: 200, body, contentType, etag: etagOf(body), headers, expiresAt: now + pageCacheTtlMs(), validUntil: null });
}
