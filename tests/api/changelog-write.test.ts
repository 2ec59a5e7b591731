import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/changelog/route";
import * as item from "@/app/api/v1/changelog/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

// PATCH /api/v1/changelog/{id} and `?state=`: no dead ends for drafts (a draft can be read, edited and published over the API).

async function tenantWithKeys() {
  const tenant = await seedTenant();
  return { tenant, writer: await tenant.key(["changelog:read", "changelog:write"]), reader: await tenant.key(["changelog:read"]) };
}

async function seedNote(workspaceId: string, state: "draft" | "scheduled" | "published", title = state) {
  const publishedAt = state === "draft" ? null : new Date(Date.now() + (state === "scheduled" ? 3_600_000 : -60_000));
  return db.releaseNote.create({ data: { workspaceId, title, body: "Notes", status: state === "draft" ? "draft" : "published", publishedAt } });
}

const patch = (key: string, id: string, body: unknown) => call(item.PATCH, "PATCH", `/api/v1/changelog/${id}`, { key, params: { id }, body });
const ids = (result: { json: { data: { id: string }[] } }) => result.json.data.map((note) => note.id);

describe("GET /api/v1/changelog?state=", () => {
  it("200 for a changelog:write key: drafts, scheduled, published or all, each with its computed status", async () => {
    const { tenant, writer } = await tenantWithKeys();
    const draft = await seedNote(tenant.workspace.id, "draft");
    const scheduled = await seedNote(tenant.workspace.id, "scheduled");
    const published = await seedNote(tenant.workspace.id, "published");
    const list = (state?: string) => call(collection.GET, "GET", "/api/v1/changelog", { key: writer, query: state ? { state } : {} });

    expect(ids(await list())).toEqual([published.id]);
    expect(ids(await list("published"))).toEqual([published.id]);
    const drafts = await list("draft");
    expect(ids(drafts)).toEqual([draft.id]);
    expect(drafts.json.data[0]).toMatchObject({ status: "draft", publishedAt: null });
    const upcoming = await list("scheduled");
    expect(upcoming.json.data).toEqual([expect.objectContaining({ id: scheduled.id, status: "scheduled", publishedAt: scheduled.publishedAt!.toISOString() })]);
    expect(new Set(ids(await list("all")))).toEqual(new Set([draft.id, scheduled.id, published.id]));
  });

  it("403 INSUFFICIENT_SCOPES when a changelog:read key asks for anything but published; it keeps seeing published notes", async () => {
    const { tenant, reader } = await tenantWithKeys();
    const published = await seedNote(tenant.workspace.id, "published");
    await seedNote(tenant.workspace.id, "scheduled");
    for (const state of ["draft", "scheduled", "all"]) {
      expectError(await call(collection.GET, "GET", "/api/v1/changelog", { key: reader, query: { state } }), 403, "INSUFFICIENT_SCOPES");
    }
    expect(ids(await call(collection.GET, "GET", "/api/v1/changelog", { key: reader, query: { state: "published" } }))).toEqual([published.id]);
  });

  it("400 for an unknown state", async () => {
    const { writer } = await tenantWithKeys();
    expectValidationError(await call(collection.GET, "GET", "/api/v1/changelog", { key: writer, query: { state: "hidden" } }), "state");
  });
});

describe("GET /api/v1/changelog/{id}?state=", () => {
  it("200 for a draft when a changelog:write key asks with state=draft or all; 404 without it and for read-only keys", async () => {
    const { tenant, writer, reader } = await tenantWithKeys();
    const draft = await seedNote(tenant.workspace.id, "draft");
    const get = (key: string, query: Record<string, string> = {}) => call(item.GET, "GET", `/api/v1/changelog/${draft.id}`, { key, params: { id: draft.id }, query });
    for (const state of ["draft", "all"]) {
      const result = await get(writer, { state });
      expect(result.status).toBe(200);
      expect(result.json.data).toMatchObject({ id: draft.id, status: "draft" });
    }
    expectError(await get(writer), 404, "NOT_FOUND");
    expectError(await get(writer, { state: "scheduled" }), 404, "NOT_FOUND");
    expectError(await get(reader), 404, "NOT_FOUND");
    expectError(await get(reader, { state: "draft" }), 403, "INSUFFICIENT_SCOPES");
  });
});

describe("PATCH /api/v1/changelog/{id}", () => {
  itChecksKeys({
    handler: item.PATCH,
    method: "PATCH",
    path: "/api/v1/changelog/x",
    scope: "changelog:write",
    request: async (tenant) => {
      const note = await seedNote(tenant.workspace.id, "draft");
      return { params: { id: note.id }, body: { title: "Renamed" } };
    },
  });

  it("200 edits the text and bumps the version; publish, schedule and unpublish move the note between states", async () => {
    const { tenant, writer } = await tenantWithKeys();
    const note = await seedNote(tenant.workspace.id, "draft");

    const edited = await patch(writer, note.id, { title: "v3", body: "## New\n\nThings." });
    expect(edited.status).toBe(200);
    expect(edited.json.data).toMatchObject({ title: "v3", body: "## New\n\nThings.", status: "draft", version: 1, publishedAt: null });

    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await patch(writer, note.id, { status: "published", publishedAt: at });
    expect(scheduled.json.data).toMatchObject({ status: "scheduled", publishedAt: at, version: 2 });

    const before = Date.now();
    const live = await patch(writer, note.id, { status: "published" });
    expect(live.json.data.status).toBe("published");
    expect(Date.parse(live.json.data.publishedAt)).toBeGreaterThanOrEqual(before - 5);
    // Publishing a live note again keeps its date.
    expect((await patch(writer, note.id, { status: "published" })).json.data.publishedAt).toBe(live.json.data.publishedAt);

    const unpublished = await patch(writer, note.id, { status: "draft" });
    expect(unpublished.json.data).toMatchObject({ status: "draft", publishedAt: null });
  });

  it("each edit, schedule and unpublish records release_note.updated with the fields before; going live records release_note.published only", async () => {
    const { tenant, writer } = await tenantWithKeys();
    const note = await seedNote(tenant.workspace.id, "draft");
    const at = new Date(Date.now() + 86_400_000).toISOString();
    await patch(writer, note.id, { title: "v3" });
    await patch(writer, note.id, { status: "published", publishedAt: at });
    const live = await patch(writer, note.id, { status: "published" });
    await patch(writer, note.id, { status: "published" }); // no change: no event
    await patch(writer, note.id, { status: "draft" });
    const events = await db.event.findMany({ where: { workspaceId: tenant.workspace.id, type: { startsWith: "release_note." } }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => [event.type, event.previous])).toEqual([
      ["release_note.updated", { title: "draft" }],
      ["release_note.updated", { status: "draft", publishedAt: null }],
      ["release_note.published", null],
      ["release_note.updated", { status: "published", publishedAt: live.json.data.publishedAt }],
    ]);
    expect(events.at(-1)!.data).toMatchObject({ id: note.id, status: "draft", publishedAt: null });
  });

  it("200 links the posts it ships, replacing the set; 404 for a post of another workspace, and nothing written", async () => {
    const { tenant, writer } = await tenantWithKeys();
    const board = await seedBoard(tenant.workspace.id);
    const [a, b] = await Promise.all(["A", "B"].map((title) => db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title } })));
    const other = await seedTenant();
    const foreignBoard = await seedBoard(other.workspace.id);
    const foreign = await db.post.create({ data: { workspaceId: other.workspace.id, boardId: foreignBoard.id, title: "Foreign" } });
    const note = await seedNote(tenant.workspace.id, "published");

    expect((await patch(writer, note.id, { postIds: [a!.id, b!.id] })).json.data.postIds).toEqual([a!.id, b!.id].sort());
    expect((await patch(writer, note.id, { postIds: [b!.id] })).json.data.postIds).toEqual([b!.id]);
    const refused = await patch(writer, note.id, { postIds: [a!.id, foreign.id], title: "Not saved" });
    expectError(refused, 404, "NOT_FOUND");
    expect(refused.json.details).toEqual([expect.objectContaining({ path: "postIds" })]);
    const stored = await db.releaseNote.findUniqueOrThrow({ where: { id: note.id }, include: { posts: true } });
    expect(stored.title).toBe("published");
    expect(stored.posts.map((link) => link.postId)).toEqual([b!.id]);
  });

  it.each([
    ["a schedule in the past", { publishedAt: "2020-01-01T00:00:00Z" }, "publishedAt"],
    ["a schedule more than a year ahead", { publishedAt: "2999-01-01T00:00:00Z" }, "publishedAt"],
    ["a draft with a date", { status: "draft", publishedAt: "2099-01-01T00:00:00Z" }, "publishedAt"],
    ["an unknown status", { status: "scheduled" }, "status"],
    ["an empty title", { title: " " }, "title"],
    ["a NUL in the body", { body: "a\u0000b" }, "body"],
    ["a negative version", { version: -1 }, "version"],
    ["an unknown field", { publish: true }, "publish"],
    ["a post listed twice", { postIds: ["p1", "p1"] }, "postIds"],
  ])("400 with details for %s, and nothing written", async (_label, body, path) => {
    const { tenant, writer } = await tenantWithKeys();
    const note = await seedNote(tenant.workspace.id, "draft");
    expectValidationError(await patch(writer, note.id, body), path);
    expect(await db.releaseNote.findUniqueOrThrow({ where: { id: note.id } })).toMatchObject({ version: 0, status: "draft", publishedAt: null });
  });

  it("409 CONFLICT for an edit made on an older version: the newer text stays", async () => {
    const { tenant, writer } = await tenantWithKeys();
    const note = await seedNote(tenant.workspace.id, "draft");
    expect((await patch(writer, note.id, { title: "First tab", version: 0 })).status).toBe(200);
    const stale = await patch(writer, note.id, { title: "Second tab", version: 0 });
    expectError(stale, 409, "CONFLICT");
    expect(stale.json.details).toEqual([expect.objectContaining({ path: "version", code: "stale" })]);
    expect((await db.releaseNote.findUniqueOrThrow({ where: { id: note.id } })).title).toBe("First tab");
  });

  it("404 for another workspace's note and an unknown id", async () => {
    const { writer } = await tenantWithKeys();
    const other = await seedTenant();
    const foreign = await seedNote(other.workspace.id, "draft");
    expectError(await patch(writer, foreign.id, { title: "Mine now" }), 404, "NOT_FOUND");
    expectError(await patch(writer, "no-such-note", { title: "x" }), 404, "NOT_FOUND");
    expect((await db.releaseNote.findUniqueOrThrow({ where: { id: foreign.id } })).title).toBe("draft");
  });
});
