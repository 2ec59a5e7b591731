import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { encode, type JWT } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { newEmailToken } from "@/lib/platform/tokens/email-token";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { seedPortal, type Portal } from "../public/fixtures";
import { appRoutes } from "../support/app-routes";
import { startProductionServer } from "../support/production-server";

// The production server (server.ts) over real HTTP, on the production build: needs `npm run build`
// first, and is skipped without one. Short deadlines and caps through the environment, so the
// slow-body cases run in seconds.
// A free port of its own: another run on this machine (a second clone testing at once) must not
// answer this file's requests.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");
const DEADLINE_SECONDS = 2;

let server: ChildProcess;
let portal: Portal;
/** What the server logged (one JSON object a line). */
const logLines: string[] = [];
/** The portal's owner, signed in: a Cookie header for the dashboard's pages. */
let ownerCookie: string;
/** A key of the portal's workspace with every scope: /api/v1 "signed in". */
let apiKey: string;

beforeAll(async () => {
  if (!built) return;
  portal = await seedPortal();
  const { authOptions } = await import("@/lib/surfaces/auth/options");
  const owner = await db.user.update({ where: { id: portal.tenant.owner.id }, data: { emailVerifiedAt: new Date() } });
  const token = (await authOptions().callbacks!.jwt!({ token: { sub: owner.id }, user: owner, account: { provider: "credentials" } } as never)) as JWT;
  ownerCookie = `next-auth.session-token=${await encode({ token, secret: process.env.NEXTAUTH_SECRET! })}`;
  apiKey = await portal.tenant.key("all");
  server = await startProductionServer(PORT, {
    NEXTAUTH_URL: BASE,
    REQUEST_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    HEADERS_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    MAX_UPLOADS_PER_CLIENT: "2",
    PUBLIC_RATE_LIMIT_PER_MINUTE: "100000",
  }, 90_000, logLines);
});
afterAll(() => {
  server?.kill("SIGTERM");
});

// mulberry32: the same "random" requests on every run.
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
const TRICKY = ["%", "%Z", "%ZZ", "%E0%A4%A", "%FF", "%C0%AF", "%C0%80", "%ED%A0%80", "%F4%90%80%80", "%00", "%2F", "%2e%2e", "..", "%5C", "%25", "%u0041", "%0A"];

/** A path segment of random bytes: printable ones as they are, the rest percent-escaped, with broken escapes mixed in. */
function randomSegment(random: () => number): string {
  let segment = "";
  const length = 1 + Math.floor(random() * 12);
  for (let i = 0; i < length; i++) {
    const roll = random();
    if (roll < 0.3) segment += TRICKY[Math.floor(random() * TRICKY.length)];
    else if (roll < 0.6) segment += hex(Math.floor(random() * 256));
    else segment += "abcdefghijklmnopqrstuvwxyz0123456789-_.~"[Math.floor(random() * 40)];
  }
  return segment;
}

const ODD_VALUES = ["-1", "0", "9".repeat(40), "1e308", "NaN", "null", "undefined", "__proto__", "constructor", "%2e", ".", "..", "_next", "index.html", "favicon.ico", "'", "\"", "<script>", "${x}", "a".repeat(600)];
// Code points from several scripts and planes (none a control: those are refused before routing).
const CODE_POINT_RANGES: Array<[number, number]> = [[0x20, 0x7e], [0xa0, 0x2ff], [0x300, 0x36f], [0x590, 0x6ff], [0x3040, 0x30ff], [0x4e00, 0x9fff], [0xfe00, 0xfe0f], [0xff01, 0xff5e], [0x1f300, 0x1f6ff], [0xe0000, 0xe007f]];

/**
 * A path segment that is well-formed (every escape decodes) but random: odd values, and random
 * characters from many scripts, percent-encoded. These pass the server's own check and reach
 * Next's router, the proxy and the route or page, which is where a bare 500 would come from.
 */
function wellFormedSegment(random: () => number): string {
  if (random() < 0.25) return encodeURIComponent(ODD_VALUES[Math.floor(random() * ODD_VALUES.length)]!);
  let text = "";
  const length = 1 + Math.floor(random() * 16);
  for (let i = 0; i < length; i++) {
    const [low, high] = CODE_POINT_RANGES[Math.floor(random() * CODE_POINT_RANGES.length)]!;
    text += String.fromCodePoint(low + Math.floor(random() * (high - low + 1)));
  }
  // Unreserved and sub-delimiter characters go as they are half the time, as a browser leaves them.
  const encoded = encodeURIComponent(text);
  return random() < 0.5 ? encoded : encoded.replace(/%(2[1-9A-C]|3[BD]|40)/g, (escape) => decodeURIComponent(escape));
}

// Names the app's pages and routes read (cursor, sort, status, limit, …), the auth pages' own, and
// names that trip naive parsers (prototype keys, bracket arrays, an empty name).
const QUERY_NAMES = [
  "cursor", "limit", "sort", "order", "status", "state", "boardId", "board", "q", "tag", "filter", "page", "plan", "topic",
  "callbackUrl", "email", "error", "token", "done", "busy", "saved", "lang", "locale", "theme", "style", "label", "since",
  "include", "id", "__proto__", "constructor", "toString", "a[]", "cursor[]", "limit[0]", "sort[x]", "",
];
const QUERY_VALUES = [
  "", "-1", "0", "1.5", "abc", "9".repeat(40), "1e308", "NaN", "Infinity", "-0", "0x10", "null", "true", "[]", "{}", "[object Object]",
  "newest", "top", "open", "planned", "eyJ4IjoxfQ", "eyJpZCI6IiIsImF0IjoiIn0", "!!!", "'", "\"", "<script>", "${x}", "%", "%ZZ",
  "%E0%A4%A", "%FF", "%C0%AF", "%ED%A0%80", "%00", "%01", "%0A", "%0D%0A", "%1F", "%7F", "%2F%2F", "%5C", "%25", "+", "%20",
];

/** One query parameter's value: an odd value, random escapes and bytes, or a huge run of them. */
function queryValue(random: () => number): string {
  const roll = random();
  if (roll < 0.5) return QUERY_VALUES[Math.floor(random() * QUERY_VALUES.length)]!;
  if (roll < 0.95) return randomSegment(random);
  // Long, but within the request line the server takes (long-request-lines.test.ts covers beyond).
  const unit = ["a", "9", "%00", "%ZZ", "%E2%82%AC", "x%2C"][Math.floor(random() * 6)]!;
  return unit.repeat(Math.floor((1_000 + random() * 5_000) / unit.length));
}

/** A random query string: known and odd names, repeated keys, bare keys, empty pairs, broken escapes in names. */
function randomQuery(random: () => number): string {
  const pairs: string[] = [];
  const count = 1 + Math.floor(random() * 5);
  for (let i = 0; i < count; i++) {
    const name = random() < 0.15 ? randomSegment(random) : encodeURIComponent(QUERY_NAMES[Math.floor(random() * QUERY_NAMES.length)]!).replace(/%5B/g, "[").replace(/%5D/g, "]");
    const roll = random();
    if (roll < 0.1) pairs.push(name);
    else if (roll < 0.15) pairs.push("");
    else if (roll < 0.3) pairs.push(`${name}=${queryValue(random)}`, `${name}=${queryValue(random)}`);
    else pairs.push(`${name}=${queryValue(random)}`);
  }
  return `?${pairs.join("&")}`;
}

/**
 * Every route family the app answers (read from app/, tests/support/app-routes.ts), and each portal
 * page again under a language prefix (/p/{ws}/de/…), which the proxy takes apart before routing.
 */
function routeFamilies(ws: string): string[][] {
  const routes = appRoutes(ws);
  const portalPages = routes.filter((segments) => segments[0] === "p");
  return [...routes, ...portalPages.map(([p, workspace, ...rest]) => [p!, workspace!, "de", ...rest])];
}

/** Raw HTTP over a socket: `fetch` would normalise the very paths under test. */
function rawRequest(head: string, body = "", opts: { drip?: boolean; timeoutMs?: number } = {}): Promise<{ status: number; head: string; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(PORT, "127.0.0.1");
    if (opts.timeoutMs) socket.setTimeout(opts.timeoutMs, () => socket.destroy());
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(head);
      if (!opts.drip) return void socket.write(body);
      let sent = 0;
      timer = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
      }, 200);
    });
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    const done = () => {
      clearInterval(timer);
      if (!received) return reject(new Error("the connection closed without an answer"));
      const [headPart = "", bodyPart = ""] = received.split("\r\n\r\n", 2);
      resolve({ status: Number(headPart.split(" ")[1]), head: headPart, body: bodyPart, ms: Date.now() - started });
    };
    socket.on("close", done);
    // A refusal may close the connection while the body is still being written (EPIPE): the
    // answer is what matters, and "close" follows.
    socket.on("error", () => undefined);
  });
}

const get = (path: string, cookie?: string) =>
  rawRequest(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}Connection: close\r\n\r\n`);

describe.skipIf(!built)("the production server (server.ts)", () => {
  it("a spoofed X-Forwarded-For is counted against the real address", async () => {
    // The limiter's count for an address is its current fixed window plus a share of the previous
    // one that fades as time passes, so exact counts hold only for requests inside one window from
    // an address with nothing before. Each attempt comes from a loopback address of its own
    // (127.0.0.N: the whole of 127/8 is this machine), and one whose requests straddle two windows
    // (their Reset differs) is made again from the next address: where the window boundary falls
    // decides nothing.
    const status = (from: string, forwardedFor: string) =>
      new Promise<{ limit: number; remaining: number; reset: string }>((resolve, reject) => {
        const request = http.get(`${BASE}/api/public/${portal.slug}/status`, { localAddress: from, headers: { "x-forwarded-for": forwardedFor } }, (response) => {
          response.resume();
          const header = (name: string) => String(response.headers[name]);
          resolve({ limit: Number(header("x-ratelimit-limit")), remaining: Number(header("x-ratelimit-remaining")), reset: header("x-ratelimit-reset") });
        });
        request.on("error", reject);
      });
    for (let host = 2; ; host++) {
      const from = `127.0.0.${host}`;
      const answers = [await status(from, "203.0.113.1"), await status(from, "203.0.113.2"), await status(from, "198.51.100.3, 203.0.113.4")];
      if (new Set(answers.map((answer) => answer.reset)).size > 1 && host < 6) continue;
      const limit = answers[0]!.limit;
      expect(answers.map((answer) => answer.remaining)).toEqual([limit - 1, limit - 2, limit - 3]);
      return;
    }
  });

  it("answers malformed paths 400 with the envelope under /api and a page elsewhere, with the security headers", async () => {
    for (const path of ["/api/v1/posts/%ZZ", `/api/public/${portal.slug}/posts/%E0%A4%A`]) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.head).toMatch(/x-content-type-options: nosniff/i);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "VALIDATION_ERROR", requestId: expect.stringMatching(/^req_/) });
    }
    for (const path of ["/p/%FF", "/w/%FF/posts"]) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.head).toMatch(/content-type: text\/html/i);
      expect(answer.head).toMatch(/content-security-policy: .*nonce-/i);
      expect(answer.body).toContain("Bad request");
    }
  });

  it("a malformed path is logged as one structured line, with the answer's request id and no stack", async () => {
    for (const path of ["/api/v1/posts/%ZZ", "/p/%FF"]) {
      logLines.length = 0;
      const answer = await get(path);
      const requestId = /^x-request-id: (\S+)/im.exec(answer.head)?.[1] ?? JSON.parse(answer.body || "{}").requestId;
      expect(requestId, path).toMatch(/^req_/);
      await expect.poll(() => logLines.filter((line) => line.includes(requestId)).length).toBe(1);
      const line = logLines.find((candidate) => candidate.includes(requestId))!;
      expect(JSON.parse(line)).toMatchObject({ msg: "request refused", level: 40, requestId, method: "GET", path, status: 400, reason: "the path has a malformed percent-escape" });
      expect(logLines.join("\n")).not.toMatch(/"stack"|    at /);
    }
  });

  it("fuzz: random bytes in every path segment of every route family never answer 500", async () => {
    const random = seeded(20261125);
    const families = routeFamilies(portal.slug);
    // The list is read from app/: it must have found the app's route families, not an empty folder.
    const prefixes = new Set(families.map((segments) => segments.slice(0, 2).join("/")));
    for (const family of ["api/v1", "api/public", "api/auth", "p/" + portal.slug, "w/" + portal.slug, "sign-in", "invitations/p1", "unsubscribe/p1", "verify-email"]) {
      expect(prefixes, family).toContain(family);
    }
    // Each segment of each family in turn, once with raw bytes (mostly malformed escapes, refused
    // before routing) and twice well-formed (reaching the route), then every segment of it at once;
    // the home page (no segment) gets its own.
    const paths: string[] = [];
    for (const family of families) {
      const variants = [...family.flatMap((_, index) => [[index, randomSegment], [index, wellFormedSegment], [index, wellFormedSegment]] as const), [-1, wellFormedSegment] as const];
      for (const [index, make] of variants) {
        const segments = family.length === 0 ? [make(random)] : family.map((segment, at) => (at === index || index === -1 ? make(random) : segment));
        paths.push(`/${segments.join("/")}`);
      }
    }
    expect(paths.length).toBeGreaterThan(1000);
    // Signed out, most dashboard pages only redirect to the sign-in page: they are sent again with
    // the owner's session, well-formed, so the pages themselves read the random segments.
    const signedIn: string[] = [];
    for (const family of families.filter((segments) => /^(w|account|workspaces|operator|invitations)$/.test(segments[0]!))) {
      for (const index of [...family.keys(), -1]) {
        signedIn.push(`/${family.map((segment, at) => (at === index || index === -1 ? wellFormedSegment(random) : segment)).join("/")}`);
      }
    }
    expect(signedIn.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const reachedTheApp = { signedOut: 0, signedIn: 0 };
    for (const [path, cookie] of [...paths.map((path) => [path, undefined] as const), ...signedIn.map((path) => [path, ownerCookie] as const)]) {
      const answer = await get(path, cookie);
      if (!(answer.status >= 200 && answer.status < 500) || !/x-content-type-options: nosniff/i.test(answer.head)) failures.push(`${answer.status} ${cookie ? "(signed in) " : ""}${path}`);
      // 400 is the server's own refusal of a malformed path; anything else came from the app.
      if (answer.status !== 400) reachedTheApp[cookie ? "signedIn" : "signedOut"] += 1;
    }
    expect(failures).toEqual([]);
    // Most well-formed paths went past the server's own check to a route, a page or the proxy.
    expect(reachedTheApp.signedOut).toBeGreaterThan(paths.length / 2);
    expect(reachedTheApp.signedIn).toBeGreaterThan(signedIn.length * 0.9);
  }, 600_000);

  it("fuzz: random and malformed query strings on every route family never answer 500, signed out and signed in", async () => {
    const random = seeded(20261207);
    // The families with their made-up ids replaced by real ones where the fixture has them, so the
    // pages and routes that read a query (a board's posts, a post, a release note) get to read it.
    const real = (family: string[]) =>
      family.map((segment, at) => {
        if (segment !== "p1") return segment;
        const parent = family[at - 1];
        if (parent === "boards") return family[0] === "p" ? portal.board.slug : portal.board.id;
        if (parent === "posts") return portal.post.id;
        if (parent === "changelog") return portal.published.id;
        return segment;
      });
    const families = routeFamilies(portal.slug).map(real);
    const QUERIES_PER_FAMILY = 6;
    const requests: Array<{ path: string; as: "signed out" | "signed in" | "api key" }> = [];
    for (const family of families) {
      const base = `/${family.join("/")}`;
      const as = family[0] === "api" ? (family[1] === "v1" ? "api key" : "signed out") : /^(w|account|workspaces|operator|invitations|p)$/.test(family[0] ?? "") ? "signed in" : "signed out";
      for (let i = 0; i < QUERIES_PER_FAMILY; i++) {
        requests.push({ path: base + randomQuery(random), as: "signed out" });
        if (as !== "signed out") requests.push({ path: base + randomQuery(random), as });
      }
    }
    expect(requests.length).toBeGreaterThan(1000);
    const failures: string[] = [];
    const reached = { signedOut: 0, other: 0 };
    for (const { path, as } of requests) {
      const headers = as === "signed in" ? `Cookie: ${ownerCookie}\r\n` : as === "api key" ? `Authorization: Bearer ${apiKey}\r\n` : "";
      // Connection: close, so an answer ends with the connection: one still open after 10 s never ended.
      const answer = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n${headers}Connection: close\r\n\r\n`, "", { timeoutMs: 10_000 }).catch(() => null);
      const label = `${answer?.status ?? "no answer"} (${as}) ${path.length > 300 ? `${path.slice(0, 300)}…` : path}`;
      // A bug that fails every request fails the test quickly rather than after every request.
      if (failures.length >= 20) break;
      if (!answer || answer.ms >= 10_000) {
        failures.push(`${label}: did not end`);
        continue;
      }
      if (!(answer.status >= 200 && answer.status < 500) || !/x-content-type-options: nosniff/i.test(answer.head)) failures.push(label);
      // Under /api a 400 must carry the error envelope, never a bare status; next-auth's own
      // routes (/api/auth/…) answer in next-auth's protocol, an unknown action 400 whatever the query.
      else if (answer.status === 400 && path.startsWith("/api/") && !path.startsWith("/api/auth/") && !/"code":"VALIDATION_ERROR"/.test(answer.body)) failures.push(`${label}: no envelope`);
      // Answers other than the server's own "headers too large" or "not valid" came from the app.
      if (answer.status !== 400) reached[as === "signed out" ? "signedOut" : "other"] += 1;
    }
    expect(failures).toEqual([]);
    expect(reached.signedOut).toBeGreaterThan(families.length * QUERIES_PER_FAMILY * 0.5);
    expect(reached.other).toBeGreaterThan(requests.length * 0.2);
  }, 600_000);

  // The open redirect: callbackUrl spellings whose dot segments, backslashes, tabs or escapes fold
  // into another origin once a browser is done with them. Signed in, /sign-in answered 307 there.
  const TRICKED_CALLBACKS = [
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/%5cevil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
  ];

  it("signed in, /sign-in?callbackUrl=<each tricked spelling> answers 307 to this site's home (which leads on to the workspace)", async () => {
    const locationFor = async (value: string) => {
      const answer = await get(`/sign-in?callbackUrl=${encodeURIComponent(value)}`, ownerCookie);
      expect([value, answer.status]).toEqual([value, 307]);
      return new URL(/^location: (.*)$/im.exec(answer.head)![1]!.trim(), BASE).href;
    };
    for (const value of TRICKED_CALLBACKS) expect([value, await locationFor(value)]).toEqual([value, `${BASE}/`]);
    // A path on this site is kept, so the refusals above are the rule and not a broken redirect.
    expect(await locationFor("/account?tab=security")).toBe(`${BASE}/account?tab=security`);
  });

  it("behind a proxy naming another Host with X-Forwarded-Proto, redirects name the configured public URL, never the request's", async () => {
    const proxied = (path: string, extra = "") =>
      rawRequest(
        `GET ${path} HTTP/1.1\r\nHost: internal.example:8080\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: evil.example\r\n${extra}Connection: close\r\n\r\n`,
      );
    const location = (answer: { head: string }) => /^location: (.*)$/im.exec(answer.head)?.[1]?.trim() ?? "";
    for (const [path, target] of [
      ["/verify-email?token=not-a-token", "/workspaces?email=invalid"],
      ["/confirm-email?token=not-a-token", "/account?email=invalid"],
    ] as const) {
      const answer = await proxied(path);
      expect([path, answer.status]).toEqual([path, 303]);
      expect(location(answer)).toBe(`${BASE}${target}`);
    }
    // The portal's language redirect and next-auth's own: on the public URL, or a path on whatever
    // origin the browser used (which is the public one); never the Host the proxy sent.
    const others = [
      await proxied(`/p/${portal.slug}`, "Accept-Language: de\r\n"),
      await proxied(`/p/${portal.slug}/en/roadmap`),
      await proxied(`/api/auth/signin?callbackUrl=${encodeURIComponent("/.//evil.example")}`),
    ];
    for (const answer of others) {
      expect(answer.status).toBeGreaterThanOrEqual(300);
      expect(answer.status).toBeLessThan(400);
      const target = location(answer);
      expect(target.startsWith(`${BASE}/`) || (target.startsWith("/") && !target.startsWith("//")), target).toBe(true);
      expect(target).not.toMatch(/internal\.example|evil\.example|localhost|https:/);
    }
  });

  it("an invitation opened while signed in to another account says so and shows the invited address masked, nowhere in full", async () => {
    const invited = `jane.${Date.now()}@example.test`;
    const invitation = await db.invitation.create({
      data: { workspaceId: portal.workspaceId, email: invited, role: "MEMBER", expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const token = newEmailToken("INVITATION", invited);
    await db.emailToken.create({ data: { ...token.data, invitationId: invitation.id } });

    const answer = await fetch(`${BASE}/invitations/${token.raw}`, { headers: { cookie: ownerCookie } });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    // React separates text parts with empty comments: <!-- --> may sit between them.
    expect(html).toMatch(/another account\. This invitation is for (<!-- -->)?j•••@example\.test/);
    // Not in the markup, not in the page's data for the browser either.
    expect(html).not.toContain(invited);
    expect(html).not.toContain(invited.split("@")[0]);
  });

  // A server action's body is read in full before anything answers, so the deadline is all that stops it.
  const slowAction = (length: number) =>
    rawRequest(`POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nNext-Action: 0000000000000000000000000000000000000000\r\nContent-Length: ${length}\r\n\r\n`, "x".repeat(length), { drip: true });

  it("a body sent a byte at a time is cut at the deadline with 408", async () => {
    const answer = await slowAction(200);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "REQUEST_TIMEOUT" });
    expect(answer.ms).toBeGreaterThanOrEqual(DEADLINE_SECONDS * 1000 - 200);
    expect(answer.ms).toBeLessThan(DEADLINE_SECONDS * 1000 + 2500);
  });

  it("at most MAX_UPLOADS_PER_CLIENT bodies in flight from one address: the next is answered 429", async () => {
    const inFlight = [slowAction(100), slowAction(100)];
    await new Promise((resolve) => setTimeout(resolve, 400));
    const third = await rawRequest(`POST /api/v1/posts HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n`, "{}");
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ success: false, code: "RATE_LIMITED" });
    expect((await Promise.all(inFlight)).map((answer) => answer.status)).toEqual([408, 408]);
  });

  it("a server action's body over 1 MB, or nested 30,000 levels deep, answers 413; a small one reaches Next", async () => {
    const action = (body: string) =>
      rawRequest(
        `POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nNext-Action: 0000000000000000000000000000000000000000\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
        body,
      );
    const large = await action(JSON.stringify(["x".repeat(1024 * 1024 + 10)]));
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const deep = await action(`${"[".repeat(30_000)}${"]".repeat(30_000)}`);
    expect(deep.status).toBe(413);
    const small = await action("[]");
    expect(small.status).toBeLessThan(500);
  });
});
