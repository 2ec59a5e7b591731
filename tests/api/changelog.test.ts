import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/changelog/route";
import * as item from "@/app/api/v1/changelog/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedTenant } from "../support/api";
import { expectError, expectValidationError, itAnswers405, itChecksKeys, itRejectsQueries } from "../support/endpoint-checklist";
import { expectEachExactlyOnce, walkAllPages } from "../support/pagination";

const NOTE_KEYS = ["authorId", "body", "createdAt", "id", "postIds", "publishedAt", "status", "title", "updatedAt", "version"];

async function tenantWithKey(plan: "FREE" | "PRO" = "FREE") {
  const tenant = await seedTenant({ plan });
  return { tenant, key: await tenant.key(["changelog:read", "changelog:write"]) };
}

async function seedNote(workspaceId: string, data: Partial<{ title: string; publishedAt: Date | null; createdAt: Date }> = {}) {
  const publishedAt = data.publishedAt === undefined ? new Date() : data.publishedAt;
  return db.releaseNote.create({
    data: { workspaceId, title: data.title ?? "A release", body: "Notes", status: publishedAt ? "published" : "draft", publishedAt, createdAt: data.createdAt },
  });
}

const noteCount = (workspaceId: string) => db.releaseNote.count({ where: { workspaceId } });

describe("GET /api/v1/changelog", () => {
  itChecksKeys({ handler: collection.GET, method: "GET", path: "/api/v1/changelog", scope: "changelog:read" });

  it("200 lists this workspace's published notes only, newest publication first", async () => {
    const { tenant, key } = await tenantWithKey();
    const other = await seedTenant();
    await seedNote(other.workspace.id, { title: "foreign" });
    await seedNote(tenant.workspace.id, { title: "draft", publishedAt: null });
    // Written first but published last: publication date decides the order, not creation.
    const latest = await seedNote(tenant.workspace.id, { title: "latest", createdAt: new Date(Date.now() - 86_400_000) });
    const earlier = await seedNote(tenant.workspace.id, { title: "earlier", publishedAt: new Date(Date.now() - 60_000) });

    const result = await call(collection.GET, "GET", "/api/v1/changelog", { key });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      success: true,
      data: [expect.objectContaining({ id: latest.id, title: "latest" }), expect.objectContaining({ id: earlier.id, title: "earlier" })],
      pagination: { nextCursor: null, hasMore: false },
    });
    expect(result.json.data[1]).toEqual({
      id: earlier.id,
      title: "earlier",
      body: "Notes",
      status: "published",
      publishedAt: earlier.publishedAt!.toISOString(),
      authorId: null,
      version: 0,
      postIds: [],
      createdAt: earlier.createdAt.toISOString(),
      updatedAt: earlier.updatedAt.toISOString(),
    });
    expect(result.headers.get("x-ratelimit-limit")).toBe("100");
  });

  it("walking every page while notes are published returns each pre-existing note exactly once", async () => {
    const { tenant, key } = await tenantWithKey();
    const base = Date.now() - 3_600_000;
    // Repeated publication times make the id tie-break do real work.
    const existing = await Promise.all(
      Array.from({ length: 23 }, (_, i) => seedNote(tenant.workspace.id, { title: `n${i}`, publishedAt: new Date(base + (i % 6) * 1000) })),
    );
    const { ids } = await walkAllPages({
      limit: 5,
      fetch: (query) => call(collection.GET, "GET", "/api/v1/changelog", { key, query }),
      meanwhile: () => seedNote(tenant.workspace.id, { title: "published meanwhile" }),
    });
    // Notes published meanwhile are the newest, so they sort before every cursor and never show.
    expectEachExactlyOnce(ids, existing);
  });

  itRejectsQueries({
    handler: collection.GET,
    path: "/api/v1/changelog",
    key: async () => (await tenantWithKey()).key,
    cases: [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "abc" }, "limit"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ cursor: "\u0000" }, "cursor"],
      [{ cursor: "\ud800" }, "cursor"],
      [{ status: "draft" }, "status"],
      [{ unknown: "1" }, "unknown"],
    ],
  });

  itAnswers405(collection, "/api/v1/changelog", { methods: ["PATCH"], allow: "GET, POST, HEAD" });
});

describe("POST /api/v1/changelog", () => {
  itChecksKeys({
    handler: collection.POST,
    method: "POST",
    path: "/api/v1/changelog",
    scope: "changelog:write",
    request: () => ({ body: { title: "v1.2", body: "Faster." } }),
  });

  it("201 publishes now by default, authored by the key's creator", async () => {
    const { tenant, key } = await tenantWithKey();
    const before = Date.now();
    const markdown = "## Fixed\n\n    indented code\nline break  \n";
    const result = await call(collection.POST, "POST", "/api/v1/changelog", { key, body: { title: "  v1.2 ", body: markdown } });
    expect(result.status).toBe(201);
    expect(Object.keys(result.json.data).sort()).toEqual(NOTE_KEYS);
    expect(result.json.data).toMatchObject({ title: "v1.2", body: markdown, status: "published", authorId: tenant.owner.id });
    const publishedAt = Date.parse(result.json.data.publishedAt);
    expect(publishedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(publishedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(result.json.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);

    const listed = await call(collection.GET, "GET", "/api/v1/changelog", { key });
    expect(listed.json.data.map((note: { id: string }) => note.id)).toEqual([result.json.data.id]);
  });

  it('201 keeps a draft with "publish": false, which the read endpoints do not show', async () => {
    const { tenant, key } = await tenantWithKey();
    const result = await call(collection.POST, "POST", "/api/v1/changelog", { key, body: { title: "Soon", body: "Later.", publish: false } });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ status: "draft", publishedAt: null, authorId: tenant.owner.id });
    expect(await noteCount(tenant.workspace.id)).toBe(1);
    expect((await call(collection.GET, "GET", "/api/v1/changelog", { key })).json.data).toEqual([]);
    const { id } = result.json.data;
    expectError(await call(item.GET, "GET", `/api/v1/changelog/${id}`, { key, params: { id } }), 404, "NOT_FOUND");
  });

  it.each([
    ["malformed JSON", { rawBody: '{"title":', headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
    ["a JSON array", { rawBody: "[1,2]", headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
    ["an empty body", { rawBody: "", headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
    ["a 1 MiB body", { rawBody: JSON.stringify({ title: "x", body: "x".repeat(1024 * 1024) }), headers: { "content-type": "application/json" } }, 413, "PAYLOAD_TOO_LARGE"],
    ["a form body", { rawBody: "title=x", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "UNSUPPORTED_MEDIA_TYPE"],
  ])("%s answers a clear 4xx and writes nothing", async (_label, options, status, code) => {
    const { tenant, key } = await tenantWithKey();
    const result = await call(collection.POST, "POST", "/api/v1/changelog", { key, ...options });
    expectError(result, status, code);
    expect(await noteCount(tenant.workspace.id)).toBe(0);
  });

  it.each([
    ["no title", { body: "x" }, "title"],
    ["no body", { title: "x" }, "body"],
    ["an empty title", { title: "", body: "x" }, "title"],
    ["a blank body", { title: "x", body: " \n " }, "body"],
    ["a 201-character title", { title: "x".repeat(201), body: "x" }, "title"],
    ["a 20,001-character body", { title: "x", body: "x".repeat(20_001) }, "body"],
    ["a NUL in the title", { title: "nul\u0000", body: "x" }, "title"],
    ["a NUL in the body", { title: "x", body: "nul\u0000" }, "body"],
    ["a lone surrogate in the title", { title: "lone \ud800 surrogate", body: "x" }, "title"],
    ["a lone surrogate in the body", { title: "x", body: "lone \udc00 surrogate" }, "body"],
    ["publish as a string", { title: "x", body: "x", publish: "yes" }, "publish"],
    ["an unknown status field", { title: "x", body: "x", status: "published" }, "status"],
    ["a publishedAt in the past", { title: "x", body: "x", publishedAt: "2020-01-01T00:00:00Z" }, "publishedAt"],
    ["a publishedAt that is no date", { title: "x", body: "x", publishedAt: "tomorrow" }, "publishedAt"],
    ["a draft with a publishedAt", { title: "x", body: "x", publish: false, publishedAt: "2099-01-01T00:00:00Z" }, "publishedAt"],
    ["a numeric title", { title: 5, body: "x" }, "title"],
  ])("400 with details for %s, and nothing written", async (_label, body, path) => {
    const { tenant, key } = await tenantWithKey();
    const result = await call(collection.POST, "POST", "/api/v1/changelog", { key, body });
    expectValidationError(result, path);
    expect(await noteCount(tenant.workspace.id)).toBe(0);
  });

  it("403 PLAN_LIMIT at the FREE limit, drafts included, even for creates racing past it", async () => {
    const { tenant, key } = await tenantWithKey();
    await db.releaseNote.createMany({
      data: Array.from({ length: 95 }, (_, i) => ({ workspaceId: tenant.workspace.id, title: `n${i}`, ...(i % 2 ? { status: "published" as const, publishedAt: new Date() } : {}) })),
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(collection.POST, "POST", "/api/v1/changelog", { key, body: { title: `race ${i}`, body: "x", publish: i % 2 === 0 } })),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(5);
    for (const refused of results.filter((result) => result.status !== 201)) {
      expectError(refused, 403, "PLAN_LIMIT");
      expect(refused.json.error).toContain("100 release notes");
    }
    expect(await noteCount(tenant.workspace.id)).toBe(100);
  });

  it("PRO has no release-note limit", async () => {
    const { tenant, key } = await tenantWithKey("PRO");
    await db.releaseNote.createMany({ data: Array.from({ length: 100 }, (_, i) => ({ workspaceId: tenant.workspace.id, title: `n${i}` })) });
    const result = await call(collection.POST, "POST", "/api/v1/changelog", { key, body: { title: "101st", body: "x" } });
    expect(result.status).toBe(201);
  });
});

describe("GET /api/v1/changelog/{id}", () => {
  itChecksKeys({
    handler: item.GET,
    method: "GET",
    path: "/api/v1/changelog/x",
    scope: "changelog:read",
    request: async (tenant) => ({ params: { id: (await seedNote(tenant.workspace.id)).id } }),
  });

  it("200 with a published note", async () => {
    const { tenant, key } = await tenantWithKey();
    const note = await seedNote(tenant.workspace.id, { title: "v2" });
    const result = await call(item.GET, "GET", `/api/v1/changelog/${note.id}`, { key, params: { id: note.id } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      success: true,
      data: {
        id: note.id,
        title: "v2",
        body: "Notes",
        status: "published",
        publishedAt: note.publishedAt!.toISOString(),
        authorId: null,
        version: 0,
        postIds: [],
        createdAt: note.createdAt.toISOString(),
        updatedAt: note.updatedAt.toISOString(),
      },
    });
  });

  it("404 with the same body shape for a draft, another workspace's note and a random id", async () => {
    const { tenant, key } = await tenantWithKey();
    const other = await seedTenant();
    const draft = await seedNote(tenant.workspace.id, { publishedAt: null });
    const foreign = await seedNote(other.workspace.id);
    const shapes = new Set<string>();
    const messages = new Set<string>();
    for (const id of [draft.id, foreign.id, "no-such-note", "../etc", "x".repeat(500)]) {
      const result = await call(item.GET, "GET", `/api/v1/changelog/${encodeURIComponent(id)}`, { key, params: { id } });
      expectError(result, 404, "NOT_FOUND");
      shapes.add(Object.keys(result.json).sort().join());
      if (/^[\w-]{1,64}$/.test(id)) messages.add(result.json.error);
    }
    expect([...shapes]).toEqual(["code,error,requestId,success"]);
    // A draft must not be told apart from a note that does not exist.
    expect(messages.size).toBe(1);
  });

  itAnswers405(item, "/api/v1/changelog/x", { methods: ["DELETE"], allow: "GET, PATCH, HEAD" });
});
