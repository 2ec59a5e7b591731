import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { servePortalPage } from "@/lib/surfaces/front-door/page-cache";
import { seedPortal, type Portal } from "./fixtures";

// The page cache's share of "one render for every visitor" (lib/surfaces/front-door/page-cache.ts),
// with the renderer replaced by one that can fail on demand, against the real portal settings in
// PostgreSQL: what a render sees of its visitor, and that a render failing for one visitor leaves
// nothing behind for the next.

type Render = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>;

let portal: Portal;
let server: http.Server;
let base: string;
let render: Render;
/** The Cookie header of every request that reached the renderer. */
const seen: string[] = [];

const SESSION_A = "next-auth.session-token=token-of-ada";
const SESSION_B = "portal-sso-session=token-of-ben";

const page = (body: string): Render => async (_request, response) => {
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.end(body);
};

beforeAll(async () => {
  portal = await seedPortal();
  server = http.createServer((request, response) => {
    const waitForOthersMs = request.headers["x-wait-ms"] === undefined ? Infinity : Number(request.headers["x-wait-ms"]);
    servePortalPage(
      request,
      response,
      async (rendered, into) => {
        seen.push(rendered.headers.cookie ?? "");
        await render(rendered, into);
      },
      { waitForOthersMs },
    )
      .then((handled) => {
        // Not taken by the cache (the production front door renders it through Next then).
        if (!handled) response.writeHead(299).end("passed on");
      })
      .catch(() => {
        if (response.headersSent) response.destroy();
        else response.writeHead(500).end("render failed");
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  // A render finishes storing after its visitor has the page: let the last test's settle first.
  await new Promise((resolve) => setTimeout(resolve, 300));
  clearPublicCache();
  seen.length = 0;
});

const visit = (cookie?: string) => fetch(`${base}/p/${portal.slug}/posts/${portal.post.id}`, { headers: cookie ? { cookie } : {} });

describe("the shared render of a portal page", () => {
  it("is rendered from a request without the visitor's session, and then answers every visitor alike", async () => {
    render = page("<html>the post</html>");
    const first = await visit(`${SESSION_A}; theme=dark`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(seen).toEqual(["theme=dark"]);
    const other = await visit(`theme=dark; ${SESSION_B}`);
    expect(other.headers.get("x-cache")).toBe("HIT");
    expect(await other.text()).toBe("<html>the post</html>");
    expect(seen).toHaveLength(1);
    // A visitor with only a session cookie reaches the renderer with no cookie at all.
    await visit(SESSION_B);
    expect(seen[1]).toBe("");
  });

  it("a visitor waits on another's render of the same page no longer than its bound, then goes on alone", async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    render = async (request, response) => {
      await held;
      await page("<html>slow</html>")(request, response);
    };
    const first = visit();
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    const second = await fetch(`${base}/p/${portal.slug}/posts/${portal.post.id}`, { headers: { "x-wait-ms": "100" } });
    // Passed on to be rendered (or refused) by itself: the front door's gate decides, not the other render.
    expect(second.status).toBe(299);
    expect(performance.now() - started).toBeLessThan(1_000);
    finish();
    expect(await (await first).text()).toBe("<html>slow</html>");
  });

  it("a render that throws for one visitor keeps nothing: the next visitor gets a render of their own, which is kept", async () => {
    render = async () => {
      throw new Error("failed for this visit only");
    };
    const failed = await visit(SESSION_A);
    expect(failed.status).toBe(500);
    render = page("<html>good</html>");
    const next = await visit(SESSION_B);
    expect(next.status).toBe(200);
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(await next.text()).toBe("<html>good</html>");
    const third = await visit();
    expect(third.headers.get("x-cache")).toBe("HIT");
    expect(await third.text()).toBe("<html>good</html>");
  });

  it("an error page, or a render that sets a cookie, is not kept either", async () => {
    render = async (_request, response) => {
      response.statusCode = 500;
      await page("<html>error</html>")(_request, response);
    };
    expect((await visit(SESSION_A)).status).toBe(500);
    render = async (request, response) => {
      response.setHeader("Set-Cookie", "something=1");
      await page("<html>with a cookie</html>")(request, response);
    };
    expect((await visit(SESSION_A)).headers.get("x-cache")).toBe("MISS");
    render = page("<html>plain</html>");
    const plain = await visit();
    expect(plain.headers.get("x-cache")).toBe("MISS");
    expect(await plain.text()).toBe("<html>plain</html>");
  });

  it("visitors waiting on a render that fails are passed on to render for themselves, not answered its failure", async () => {
    let fail: () => void = () => {};
    render = () =>
      new Promise<void>((_, reject) => {
        fail = () => reject(new Error("failed midway"));
      });
    const first = visit(SESSION_A);
    for (let i = 0; i < 250 && seen.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = visit(SESSION_B);
    await new Promise((resolve) => setTimeout(resolve, 300));
    fail();
    expect((await first).status).toBe(500);
    const answer = await waiting;
    expect(answer.status).toBe(299);
    expect(seen).toHaveLength(1);
  });
});
