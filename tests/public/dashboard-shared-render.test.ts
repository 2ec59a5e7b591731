import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearPublicCache, invalidateWorkspace } from "@/lib/platform/cache/response-cache";
import { db } from "@/lib/platform/db/client";
import { serveDashboardPage } from "@/lib/surfaces/front-door/dashboard-page-cache";
import { SHARED_RENDER_HEADER } from "@/lib/surfaces/dashboard/shared-render-header";
import { seedTenant, type Tenant } from "../support/api";
import { sessionCookieFor } from "../support/session-cookie";

// The dashboard page cache's share of "one render per role" (lib/surfaces/front-door/dashboard-page-cache.ts),
// with the renderer replaced by one that can fail on demand, against real sessions and memberships
// in PostgreSQL: what a render is told, and that a render failing for one member, or one during
// which the workspace changed, leaves nothing behind for the next.

type Render = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>;

let tenant: Tenant;
let server: http.Server;
let base: string;
let render: Render;
const seen: { cookie: string; shared: string | undefined }[] = [];
let ada: string;
let ben: string;

const page = (body: string): Render => async (_request, response) => {
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.end(body);
};

beforeAll(async () => {
  tenant = await seedTenant();
  ada = await sessionCookieFor(await tenant.member("ADMIN", "ada"));
  ben = await sessionCookieFor(await tenant.member("ADMIN", "ben"));
  server = http.createServer((request, response) => {
    serveDashboardPage(request, response, async (rendered, into) => {
      seen.push({ cookie: rendered.headers.cookie ?? "", shared: rendered.headers[SHARED_RENDER_HEADER] as string | undefined });
      await render(rendered, into);
    })
      .then((handled) => {
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
  await new Promise((resolve) => setTimeout(resolve, 200));
  clearPublicCache();
  seen.length = 0;
});

const visit = (cookie?: string) => fetch(`${base}/w/${tenant.workspace.slug}/posts`, { headers: cookie ? { cookie } : {} });

describe("the shared render of a dashboard page", () => {
  it("is rendered with the member's session (the render checks it) and marked shared, then answers the next member of the role", async () => {
    render = page("<html>the inbox</html>");
    const first = await visit(ada);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(seen).toEqual([{ cookie: ada, shared: "1" }]);
    const next = await visit(ben);
    expect(next.headers.get("x-cache")).toBe("HIT");
    expect(await next.text()).toBe("<html>the inbox</html>");
    expect(seen).toHaveLength(1);
  });

  it("passes on, unrendered, a visit without a session or by someone who is not a member", async () => {
    render = page("<html>the inbox</html>");
    expect((await visit()).status).toBe(299);
    const stranger = await sessionCookieFor(await db.user.create({ data: { email: `stranger-${Date.now()}@example.test` } }));
    expect((await visit(stranger)).status).toBe(299);
    expect(seen).toHaveLength(0);
  });

  it("a render that throws for one member keeps nothing: the next member gets a render of their own, which is kept", async () => {
    render = async () => {
      throw new Error("failed for this member only");
    };
    expect((await visit(ada)).status).toBe(500);
    render = page("<html>good</html>");
    const next = await visit(ben);
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(await next.text()).toBe("<html>good</html>");
    expect((await visit(ada)).headers.get("x-cache")).toBe("HIT");
  });

  it("a render during which the workspace changed, or whose member's role changed, is not kept", async () => {
    render = async (request, response) => {
      invalidateWorkspace(tenant.workspace.slug);
      await page("<html>stale</html>")(request, response);
    };
    expect((await visit(ada)).status).toBe(200);
    render = page("<html>fresh</html>");
    expect((await visit(ben)).headers.get("x-cache")).toBe("MISS");
    seen.length = 0;

    clearPublicCache();
    const carl = await tenant.member("ADMIN", "carl");
    const carlCookie = await sessionCookieFor(carl);
    render = async (request, response) => {
      await db.membership.updateMany({ where: { userId: carl.id, workspaceId: tenant.workspace.id }, data: { role: "VIEWER" } });
      await page("<html>rendered as a viewer</html>")(request, response);
    };
    expect((await visit(carlCookie)).status).toBe(200);
    render = page("<html>the admins' inbox</html>");
    const admin = await visit(ada);
    expect(admin.headers.get("x-cache")).toBe("MISS");
    expect(await admin.text()).toBe("<html>the admins' inbox</html>");
  });
});
