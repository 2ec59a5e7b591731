// What `npm run bench` loads: the hot paths, one request shape each. `bare` marks the scenarios
// that scripts/bench/bare-server.ts also answers (same path, same body), for the ratio; `via`
// the ones measured behind nginx, as the reference deployment of docs/self-hosting.md runs.
import type { LoadRequest } from "./load";
import { BENCH } from "./seed";

export interface ScenarioContext {
  base: string;
  apiKey: string;
  sessionCookie: string;
  /** A portal visitor's session (no membership), for the signed-in portal pages. */
  visitorCookie: string;
}

export interface Scenario {
  name: string;
  label: string;
  bare: boolean;
  /** Loaded through the reference caching proxy (docs/deploy/nginx.conf) in front of the product. */
  via?: "nginx";
  /** Runs for the soak duration (`--soak`) instead of `--duration`: memory needs time to settle. */
  soak?: true;
  /**
   * A view is this many requests (a page and what its script asks for, as a `sequence`): CPU is
   * reported per view rather than per request.
   */
  requestsPerView?: number;
  /** Its own number of connections instead of `--connections`. */
  connections?: number;
  /**
   * Loads the server past what it can answer: a 503 here is the server turning work away at the
   * door (admission control), counted apart and not a failure of the run.
   */
  sheds?: true;
  /**
   * An offered rate instead of a closed loop: this many times the req/s the product answered in
   * `mixed` earlier in the same run (its capacity for that mix), over `connections`.
   */
  timesMixedCapacity?: number;
  /**
   * Not a steady load: `count` requests with unique long request lines over these paths
   * (scripts/bench/flood.ts), the server's RSS read before and after.
   */
  flood?: { paths: string[] };
  request(ctx: ScenarioContext): LoadRequest;
  /** Why a sample answer is not what the scenario should measure, or null when it is. */
  check(status: number, body: string): string | null;
  /** The same for the sample answers of the rest of a `sequence` (the first is check's). */
  checkRest?(status: number, body: string): string | null;
}

const bearer = (ctx: ScenarioContext) => ({ authorization: `Bearer ${ctx.apiKey}` });

function page(min: number) {
  return (status: number, body: string) => {
    if (status !== 200) return `HTTP ${status}`;
    const json = JSON.parse(body) as { success?: boolean; data?: unknown[] };
    return json.success === true && (json.data?.length ?? 0) >= min ? null : `unexpected body ${body.slice(0, 200)}`;
  };
}

/** A dashboard page as a browser loads it: the page, then its ask for the viewer's own parts. */
function dashboardView(ctx: ScenarioContext, path: string): LoadRequest {
  const page = { url: `${ctx.base}${path}`, headers: { cookie: ctx.sessionCookie } };
  return { ...page, sequence: [page, { url: `${ctx.base}/account/viewer`, headers: { cookie: ctx.sessionCookie } }] };
}

const ok = (type: RegExp) => (status: number, body: string) => (status === 200 && type.test(body) ? null : `HTTP ${status}: ${body.slice(0, 200)}`);

const SINGLE: Scenario[] = [
  {
    name: "posts-list",
    label: "GET /api/v1/posts",
    bare: true,
    request: (ctx) => ({ url: `${ctx.base}/api/v1/posts?limit=20`, headers: bearer(ctx) }),
    check: page(20),
  },
  {
    name: "posts-search",
    label: `GET /api/v1/posts?q=${BENCH.searchWord}`,
    bare: true,
    request: (ctx) => ({ url: `${ctx.base}/api/v1/posts?limit=20&q=${BENCH.searchWord}`, headers: bearer(ctx) }),
    check: page(1),
  },
  {
    name: "tag-filter",
    label: `GET /api/v1/posts?tag=${BENCH.tag}`,
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/api/v1/posts?limit=20&tag=${BENCH.tag}`, headers: bearer(ctx) }),
    check: page(1),
  },
  {
    name: "post-detail",
    label: "GET public post + 100 comments",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/api/public/${BENCH.slug}/posts/${BENCH.postId}` }),
    check: (status, body) => (status === 200 && (JSON.parse(body) as { data?: { comments?: unknown[] } }).data?.comments?.length === 100 ? null : `HTTP ${status}: ${body.slice(0, 200)}`),
  },
  {
    name: "todos-list",
    label: "GET /api/v1/todos",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/api/v1/todos?limit=20`, headers: bearer(ctx) }),
    check: page(20),
  },
  {
    name: "public-status",
    label: "GET public status (cached)",
    bare: true,
    request: (ctx) => ({ url: `${ctx.base}/api/public/${BENCH.slug}/status` }),
    check: ok(/"components"/),
  },
  {
    name: "badge",
    label: "GET status badge.svg",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/api/public/${BENCH.slug}/status/badge.svg` }),
    check: ok(/<svg/),
  },
  // The widget's hot paths: every page view of a customer's app loads the loader, and a status
  // banner polls its JSON.
  {
    name: "widget-loader",
    label: "GET /widget.js (gzip)",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/widget.js`, headers: { "accept-encoding": "gzip" } }),
    check: (status) => (status === 200 ? null : `HTTP ${status}`),
  },
  {
    name: "status-banner",
    label: "GET status banner.json (cached)",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/api/public/${BENCH.slug}/status/banner.json` }),
    check: ok(/"active"/),
  },
  {
    name: "portal-status-html",
    label: "GET /p/{ws}/status (HTML)",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/p/${BENCH.slug}/status` }),
    check: ok(/<html/),
  },
  // The rest of the portal, signed out: answered from the page cache once rendered (lib/surfaces/front-door/page-cache.ts).
  {
    name: "portal-board-html",
    label: "GET /p/{ws}/boards/{board} (HTML)",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/p/${BENCH.slug}/boards/feedback` }),
    check: ok(/data-testid="post-row"/),
  },
  {
    name: "portal-post-html",
    label: "GET /p/{ws}/posts/{id} (HTML)",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/p/${BENCH.slug}/posts/${BENCH.postId}` }),
    check: ok(/<html/),
  },
  {
    name: "portal-changelog-html",
    label: "GET /p/{ws}/changelog (HTML)",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/p/${BENCH.slug}/changelog` }),
    check: ok(/<html/),
  },
  // A signed-in visitor's view of a post: the page every visitor shares, then the visitor's own
  // state (their name, their vote) that its script asks for (components/portal/viewer.tsx).
  {
    name: "portal-post-signed-in",
    label: "GET /p/{ws}/posts/{id} + /viewer as a visitor",
    bare: false,
    requestsPerView: 2,
    request: (ctx) => {
      const page = { url: `${ctx.base}/p/${BENCH.slug}/posts/${BENCH.postId}`, headers: { cookie: ctx.visitorCookie } };
      return { ...page, sequence: [page, { url: `${ctx.base}/p/${BENCH.slug}/viewer?posts=${BENCH.postId}`, headers: { cookie: ctx.visitorCookie } }] };
    },
    check: ok(/data-testid="vote-count"/),
    checkRest: ok(/"visitor":\{"name"/),
  },
  // What the same server answers with no work at all: a file from public/, through the same front door.
  {
    name: "static-floor",
    label: "GET /favicon.ico (static file)",
    bare: false,
    request: (ctx) => ({ url: `${ctx.base}/favicon.ico` }),
    check: (status) => (status === 200 ? null : `HTTP ${status}`),
  },
  // A member's view of the inbox: the page every member of the role shares, then the member's own
  // parts (their address, their workspaces) that its script asks for (/account/viewer).
  {
    name: "inbox-html",
    label: "GET /w/{ws}/posts + /account/viewer signed in",
    bare: false,
    // A team's inbox is a handful of people, not 32 at once.
    connections: 8,
    requestsPerView: 2,
    request: (ctx) => dashboardView(ctx, `/w/${BENCH.slug}/posts`),
    check: ok(/data-testid="inbox-row"/),
    checkRest: ok(/"workspaces":\[/),
  },
  // The team's page of the post with 100 comments and 100 voters (it lists 50 of each).
  {
    name: "dashboard-post-html",
    label: "GET /w/{ws}/posts/{id} + /account/viewer signed in",
    bare: false,
    connections: 8,
    requestsPerView: 2,
    request: (ctx) => dashboardView(ctx, `/w/${BENCH.slug}/posts/${BENCH.postId}`),
    check: ok(/data-testid="team-comment"/),
    checkRest: ok(/"workspaces":\[/),
  },
  {
    name: "public-status-nginx",
    label: "public status behind nginx",
    bare: false,
    via: "nginx",
    request: (ctx) => ({ url: `${ctx.base}/api/public/${BENCH.slug}/status` }),
    check: ok(/"components"/),
  },
  {
    name: "portal-status-nginx",
    label: "/p/{ws}/status behind nginx",
    bare: false,
    via: "nginx",
    request: (ctx) => ({ url: `${ctx.base}/p/${BENCH.slug}/status` }),
    check: ok(/<html/),
  },
  {
    name: "create-post",
    label: "POST /api/v1/posts (PRO)",
    bare: false,
    request: (ctx) => ({
      url: `${ctx.base}/api/v1/posts`,
      method: "POST",
      headers: { ...bearer(ctx), "content-type": "application/json" },
      body: JSON.stringify({ boardId: BENCH.boardId, title: "Benchmark write", body: "Written under load.", tags: ["bench"] }),
    }),
    check: (status, body) => (status === 201 ? null : `HTTP ${status}: ${body.slice(0, 200)}`),
  },
];

/** Unique ~15 KiB request lines to the portal and the public JSON, signed out: what memory they leave behind. */
const LONG_LINES: Scenario = {
  name: "long-request-lines",
  label: "10,000 unique 15 KiB request lines",
  bare: false,
  flood: { paths: [`/p/${BENCH.slug}/status`, `/api/public/${BENCH.slug}/status`] },
  request: (ctx) => ({ url: `${ctx.base}/api/public/${BENCH.slug}/status` }),
  check: ok(/"components"/),
};

/** Every read above and the write, each connection looping over them: RSS under a realistic mix. */
const MIXED: Scenario = {
  name: "mixed",
  label: "all of the above in turn (1 write in 10)",
  bare: false,
  soak: true,
  sheds: true,
  request: (ctx) => mixedRequest(ctx),
  check: page(20),
};

/**
 * The same mix offered at four times what the server answered of it: what overload looks like to
 * clients. Every request must still be answered within a second, most of the excess with a 503
 * and Retry-After, rather than queued until it is late for everyone.
 */
const OVERLOAD: Scenario = {
  name: "overload",
  label: "the mixed load offered at 4x the rate the server answered it",
  bare: false,
  sheds: true,
  timesMixedCapacity: 4,
  // Enough that the offered rate does not wait on slow answers (each connection carries a share).
  connections: 256,
  request: (ctx) => mixedRequest(ctx),
  check: page(20),
};

function mixedRequest(ctx: ScenarioContext): LoadRequest {
  // The dashboard's post page came later than the mix's figures: left out, they still compare.
  const sequence = SINGLE.filter((s) => !s.via && s.name !== "static-floor" && s.name !== "dashboard-post-html").flatMap((s) => {
    const request = s.request(ctx);
    return request.sequence ?? [request];
  });
  return { ...sequence[0]!, sequence };
}

export const SCENARIOS: Scenario[] = [...SINGLE, LONG_LINES, MIXED, OVERLOAD];
