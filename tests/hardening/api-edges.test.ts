import { afterEach, describe, expect, it } from "vitest";
import * as root from "@/app/api/v1/route";
import * as members from "@/app/api/v1/members/route";
import * as posts from "@/app/api/v1/posts/route";
import * as badge from "@/app/api/public/[workspace]/status/badge.svg/route";
import * as feed from "@/app/api/public/[workspace]/changelog/feed.xml/route";
import { call, seedBoard, seedTenant } from "../support/api";
import { seedPortal } from "../public/fixtures";
import { getText } from "../public/request";

// The edges of the HTTP surface, each of which once answered something untrue.

const savedPublicUrl = process.env.NEXTAUTH_URL;
afterEach(() => {
  if (savedPublicUrl === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = savedPublicUrl;
});

describe("the API surface tells the truth", () => {
  it("bare /api/v1 answers the error envelope, not an HTML page", async () => {
    const result = await call(root.GET, "GET", "/api/v1");
    expect(result.status).toBe(404);
    expect(result.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(result.json).toMatchObject({ success: false, code: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
  });

  it("OPTIONS lists only the methods the route serves, the same as the 405's Allow", async () => {
    const options = await members.OPTIONS(new Request("http://localhost/api/v1/members", { method: "OPTIONS" }), { params: Promise.resolve({}) });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const refused = await call(members.DELETE, "DELETE", "/api/v1/members");
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe(options.headers.get("allow"));
  });

  it.each(["application/json-seq", "application/jsonl", "text/json"])("a body sent as %s is refused with 415, not read as JSON", async (type) => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const result = await call(posts.POST, "POST", "/api/v1/posts", {
      key: await tenant.key(),
      rawBody: JSON.stringify({ boardId: board.id, title: "seq" }),
      headers: { "content-type": type },
    });
    expect(result.status).toBe(415);
    expect(result.json.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("application/json with a charset and an application/*+json type are still JSON", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    for (const type of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const result = await call(posts.POST, "POST", "/api/v1/posts", { key: await tenant.key(), rawBody: JSON.stringify({ boardId: board.id, title: "ok" }), headers: { "content-type": type } });
      expect(result.status).toBe(201);
    }
  });
});

describe("public answers", () => {
  it("a badge label over 200 characters is cut to 40, as documented, not refused", async () => {
    const portal = await seedPortal();
    const result = await getText(badge.GET, `/x?label=${"y".repeat(500)}`, { workspace: portal.slug });
    expect(result.status).toBe(200);
    expect(result.text).toContain(`<title>${"y".repeat(40)}: operational</title>`);
  });

  it("Atom feed ids and links use the configured public URL, not the host the server listens on", async () => {
    process.env.NEXTAUTH_URL = "https://feedback.example.com/";
    const portal = await seedPortal();
    const result = await getText(feed.GET, `/api/public/${portal.slug}/changelog/feed.xml`, { workspace: portal.slug });
    expect(result.status).toBe(200);
    expect(result.text).toContain(`<id>https://feedback.example.com/api/public/${portal.slug}/changelog/feed.xml</id>`);
    expect(result.text).toContain(`href="https://feedback.example.com/p/${portal.slug}/changelog"`);
    expect(result.text).not.toContain("localhost");
  });
});
