import { describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/v1/export/route";
import * as exportPostsRoute from "@/app/api/v1/export/posts/route";
import * as importsRoute from "@/app/api/v1/imports/route";
import * as importRoute from "@/app/api/v1/imports/[id]/route";
import * as runRoute from "@/app/api/v1/imports/[id]/run/route";
import * as undoRoute from "@/app/api/v1/imports/[id]/undo/route";
import * as uploadRoute from "@/app/api/v1/imports/upload/route";
import { db } from "@/lib/platform/db/client";
import { previewImport, runImport } from "@/lib/domain/imports/run-import";
import { performUndo } from "@/lib/domain/imports/undo-import";
import { call, seedTenant } from "../support/api";
import { seedEverything } from "./archive-fixture";

async function download(key: string, handler = exportRoute.GET, path = "/api/v1/export") {
  const response = await handler(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve({}) });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("export and import through /api/v1", () => {
  it("exports the archive and the posts CSV as attachments", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    await seedEverything(tenant.workspace.id);
    const key = await tenant.key();
    const archive = await download(key);
    expect(archive.response.status).toBe(200);
    expect(archive.response.headers.get("content-type")).toBe("application/zip");
    expect(archive.response.headers.get("content-disposition")).toMatch(/^attachment; filename="t-.*-export-\d{4}-\d\d-\d\d\.zip"$/);
    expect([...archive.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const csv = await download(key, exportPostsRoute.GET, "/api/v1/export/posts");
    expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(new TextDecoder().decode(csv.bytes)).toContain("Dark mode, please");
  });

  it("needs the migration scopes and an admin creator", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const narrow = await tenant.key(["posts:read"]);
    const refused = await download(narrow);
    expect(refused.response.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(refused.bytes)).code).toBe("INSUFFICIENT_SCOPES");
    const member = await tenant.member("MEMBER");
    const memberKey = await tenant.key("all", { creatorId: member.id });
    const forbidden = await call(importsRoute.GET, "GET", "/api/v1/imports", { key: memberKey });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.code).toBe("FORBIDDEN");
  });

  it("uploads an archive, previews, runs, reads progress and undoes", async () => {
    const source = await seedTenant({ plan: "PRO" });
    await seedEverything(source.workspace.id);
    const { bytes } = await download(await source.key());
    const target = await seedTenant({ plan: "PRO" });
    const key = await target.key();
    const started = await call(uploadRoute.POST, "POST", "/api/v1/imports/upload", { key, query: { source: "own" }, rawBody: bytes, headers: { "content-type": "application/zip" } });
    expect(started.status).toBe(201);
    expect(started.json.data).toMatchObject({ source: "own", state: "previewing" });
    const id = started.json.data.id as string;
    await previewImport(target.workspace.id, id);
    const previewed = await call(importRoute.GET, "GET", `/api/v1/imports/${id}`, { key, params: { id } });
    expect(previewed.json.data.state).toBe("previewed");
    expect(previewed.json.data.preview.create).toMatchObject({ post: 3, board: 2 });
    const queued = await call(runRoute.POST, "POST", `/api/v1/imports/${id}/run`, { key, params: { id } });
    expect(queued.status).toBe(202);
    expect(queued.json.data.state).toBe("queued");
    await runImport(target.workspace.id, id);
    const done = await call(importRoute.GET, "GET", `/api/v1/imports/${id}`, { key, params: { id } });
    expect(done.json.data).toMatchObject({ state: "completed", progress: { created: { post: 3 } } });
    expect(done.json.data.undoableUntil).not.toBeNull();
    const list = await call(importsRoute.GET, "GET", "/api/v1/imports", { key });
    expect(list.json.data.map((row: { id: string }) => row.id)).toEqual([id]);
    const undoing = await call(undoRoute.POST, "POST", `/api/v1/imports/${id}/undo`, { key, params: { id } });
    expect(undoing.status).toBe(202);
    expect(undoing.json.data).toMatchObject({ state: "undoing", undoableUntil: null });
    // The undo is a job, queued with the state change; nothing is deleted in the request.
    const jobs = await db.$queryRaw<{ data: { importId: string } }[]>`SELECT data FROM pgboss.job WHERE name = 'imports.undo'`;
    expect(jobs.map((job) => job.data.importId)).toContain(id);
    expect(await db.post.count({ where: { workspaceId: target.workspace.id } })).toBe(3);
    const reading = await call(importRoute.GET, "GET", `/api/v1/imports/${id}`, { key, params: { id } });
    expect(reading.json.data.state).toBe("undoing");
    await performUndo(target.workspace.id, id);
    const undone = await call(importRoute.GET, "GET", `/api/v1/imports/${id}`, { key, params: { id } });
    expect(undone.json.data).toMatchObject({ state: "undone" });
    expect(undone.json.data.undoneAt).not.toBeNull();
    expect(await db.post.count({ where: { workspaceId: target.workspace.id } })).toBe(0);
  });

  it("an upload under an Idempotency-Key: the same file replays the first answer and starts nothing more; another file is 422; a refused upload frees its key", async () => {
    const source = await seedTenant({ plan: "PRO" });
    await seedEverything(source.workspace.id);
    const { bytes } = await download(await source.key());
    const target = await seedTenant({ plan: "PRO" });
    const key = await target.key();
    const upload = (idempotencyKey: string, rawBody: BodyInit) =>
      call(uploadRoute.POST, "POST", "/api/v1/imports/upload", { key, query: { source: "own" }, rawBody, headers: { "content-type": "application/zip", "Idempotency-Key": idempotencyKey } });
    const first = await upload("migration-1", bytes);
    expect(first.status).toBe(201);
    const replay = await upload("migration-1", bytes);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.data.id).toBe(first.json.data.id);
    expect(await db.importRun.count({ where: { workspaceId: target.workspace.id } })).toBe(1);
    const otherFile = await upload("migration-1", "hello");
    expect(otherFile.status).toBe(422);
    expect(otherFile.json.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const refused = await upload("migration-2", "hello");
    expect(refused.status).toBe(400);
    // A refused upload changed nothing, so its key is free for the corrected request. One import
    // runs at a time, so the first is finished with first.
    await db.importRun.updateMany({ where: { id: first.json.data.id }, data: { state: "failed" } });
    const corrected = await upload("migration-2", bytes);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
    expect(await db.importRun.count({ where: { workspaceId: target.workspace.id } })).toBe(2);
  });

  it("a file source started as JSON, an unknown source, and a bad upload are 400s that say why", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const key = await tenant.key();
    const noFile = await call(importsRoute.POST, "POST", "/api/v1/imports", { key, body: { source: "own" } });
    expect(noFile.status).toBe(400);
    expect(noFile.json.details).toEqual([{ path: "file", message: "Required.", code: "invalid_type" }]);
    const unknown = await call(importsRoute.POST, "POST", "/api/v1/imports", { key, body: { source: "trello" } });
    expect(unknown.json.details[0].path).toBe("source");
    const notZip = await call(uploadRoute.POST, "POST", "/api/v1/imports/upload", { key, query: { source: "own" }, rawBody: "hello" });
    expect(notZip.status).toBe(400);
    expect(notZip.json.error).toBe("archive: The file is not a zip archive.");
    expect(await db.importRun.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });
});
