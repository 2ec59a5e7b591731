import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { exportWorkspace } from "@/lib/domain/exports/export-workspace";
import { exportPostsCsv } from "@/lib/domain/exports/export-posts-csv";
import { confirmImport } from "@/lib/domain/imports/confirm-import";
import { getImport } from "@/lib/domain/imports/get-import";
import { previewImport, runImport } from "@/lib/domain/imports/run-import";
import { startImport } from "@/lib/domain/imports/start-import";
import { performUndo, undoImport } from "@/lib/domain/imports/undo-import";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";
import { bytesOf, chunked, contentOf, readArchive, seedEverything } from "./archive-fixture";

async function exported(actor: Awaited<ReturnType<typeof actorOf>>) {
  return bytesOf((await exportWorkspace(actor)).stream);
}

async function importArchive(actor: Awaited<ReturnType<typeof actorOf>>, bytes: Uint8Array) {
  const started = await startImport(actor, { source: "own" }, chunked(bytes));
  await previewImport(actor.workspaceId, started.id);
  const previewed = await getImport(actor, started.id);
  if (previewed.state !== "previewed") return previewed;
  await confirmImport(actor, started.id);
  await runImport(actor.workspaceId, started.id);
  return getImport(actor, started.id);
}

async function ownerOfNew(plan: "FREE" | "PRO" = "PRO") {
  const tenant = await seedTenant({ plan });
  return { tenant, actor: await actorOf(tenant, tenant.owner) };
}

describe("the workspace archive", () => {
  it("holds a manifest and every resource, members without passwords and webhooks without secrets", async () => {
    const { actor } = await ownerOfNew();
    await seedEverything(actor.workspaceId);
    const archive = readArchive(await exported(actor));
    const manifest = archive["manifest.json"] as { format: string; version: number; counts: Record<string, number> };
    expect(manifest).toMatchObject({ format: "workspace-export", version: 2 });
    expect(manifest.counts).toMatchObject({ "posts.jsonl": 3, "votes.jsonl": 3, "comments.jsonl": 3, "status_changes.jsonl": 3, "members.jsonl": 1, "webhooks.jsonl": 1 });
    expect(archive["status_changes.jsonl"]).toContainEqual(expect.objectContaining({ fromStatus: "operational", toStatus: "major_outage", at: "2026-02-10T10:00:00.000Z" }));
    const text = JSON.stringify(archive);
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain("secretEncrypted");
    expect(text).not.toContain("sealed");
    expect((archive["posts.jsonl"] as { tags: string[] }[]).some((post) => post.tags.includes("theme"))).toBe(true);
    // Lines keep the shape a JavaScript export wrote: UTC timestamps with milliseconds, people as
    // address and name, and JSON that parses back to the same values.
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    const posts = archive["posts.jsonl"] as { createdAt: string; mergedAt: string | null; author: { email: string; name: string | null } | null }[];
    for (const post of posts) {
      expect(post.createdAt).toMatch(iso);
      expect(post.mergedAt === null || iso.test(post.mergedAt)).toBe(true);
      if (post.author) expect(Object.keys(post.author)).toEqual(["email", "name"]);
    }
    const stored = await db.post.findMany({ where: { workspaceId: actor.workspaceId }, select: { id: true, title: true, body: true, createdAt: true } });
    for (const row of stored) {
      const line = (archive["posts.jsonl"] as { id: string; title: string; body: string; createdAt: string }[]).find((post) => post.id === row.id)!;
      expect(line).toMatchObject({ title: row.title, body: row.body, createdAt: row.createdAt.toISOString() });
    }
  });

  it("a viewer or member cannot export", async () => {
    const { tenant } = await ownerOfNew();
    const member = await actorOf(tenant, await tenant.member("MEMBER"));
    await expectApiError(exportWorkspace(member), "FORBIDDEN");
  });

  it("the posts CSV has one row per post with counts, a BOM, and formulas defused", async () => {
    const { actor } = await ownerOfNew();
    await seedEverything(actor.workspaceId);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await bytesOf(exportPostsCsv(actor).stream));
    expect(text.startsWith("\uFEFFid,title,board,status,tags,votes,comments")).toBe(true);
    expect(text).toContain("Dark mode, please");
    expect(text).toContain("\"ui, theme\",2,2");
    expect(text).toContain("'=cmd");
    expect(text).toContain("\"line one\nline two, with \"\"quotes\"\"\"");
  });
});

describe("importing this product's archive", () => {
  it("round trip: export, import into a new workspace, export again gives the same content", async () => {
    const source = await ownerOfNew();
    await seedEverything(source.actor.workspaceId);
    const first = await exported(source.actor);
    const target = await ownerOfNew();
    const done = await importArchive(target.actor, first);
    expect(done.state).toBe("completed");
    expect(done.progress.created).toMatchObject({ board: 2, post: 3, vote: 3, comment: 3, status_change: 3, incident: 1, incident_update: 2, subscriber: 2 });
    const second = await exported(target.actor);
    const content = contentOf(readArchive(second));
    expect(content.statusChanges).toHaveLength(3);
    expect(content).toEqual(contentOf(readArchive(first)));
    // Quiet: one event for the whole import, no per-row events and no mail.
    const events = await db.event.findMany({ where: { workspaceId: target.actor.workspaceId }, select: { type: true } });
    expect(events.map((event) => event.type)).toEqual(["import.completed"]);
    expect(await db.notificationDelivery.count({ where: { workspaceId: target.actor.workspaceId } })).toBe(0);
  });

  it("running the same archive again creates nothing twice; the preview says why", async () => {
    const source = await ownerOfNew();
    await seedEverything(source.actor.workspaceId);
    const bytes = await exported(source.actor);
    const target = await ownerOfNew();
    await importArchive(target.actor, bytes);
    const again = await startImport(target.actor, { source: "own" }, chunked(bytes));
    await previewImport(target.actor.workspaceId, again.id);
    const preview = (await getImport(target.actor, again.id)).preview as { create: Record<string, number>; skip: Record<string, number> };
    expect(preview.create.post ?? 0).toBe(0);
    expect(preview.skip["post: already imported"]).toBe(3);
    await confirmImport(target.actor, again.id);
    await runImport(target.actor.workspaceId, again.id);
    expect(await db.post.count({ where: { workspaceId: target.actor.workspaceId } })).toBe(3);
    expect(await db.vote.count({ where: { workspaceId: target.actor.workspaceId } })).toBe(3);
    expect(await db.comment.count({ where: { workspaceId: target.actor.workspaceId } })).toBe(3);
  });

  it("a run that stopped half-way and runs again doubles nothing", async () => {
    const source = await ownerOfNew();
    await seedEverything(source.actor.workspaceId);
    const target = await ownerOfNew();
    const started = await startImport(target.actor, { source: "own" }, chunked(await exported(source.actor)));
    await previewImport(target.actor.workspaceId, started.id);
    await confirmImport(target.actor, started.id);
    await runImport(target.actor.workspaceId, started.id);
    // As if the worker had died before marking it done: the job runs again.
    await db.importRun.update({ where: { id: started.id }, data: { state: "running" } });
    await runImport(target.actor.workspaceId, started.id);
    expect(await db.post.count({ where: { workspaceId: target.actor.workspaceId } })).toBe(3);
    expect(await db.incidentUpdate.count({ where: { workspaceId: target.actor.workspaceId } })).toBe(2);
    expect(await db.componentStatusChange.count({ where: { workspaceId: target.actor.workspaceId } })).toBe(3);
  });

  it("undo removes exactly what the import created, within 24 hours", async () => {
    const source = await ownerOfNew();
    await seedEverything(source.actor.workspaceId);
    const target = await ownerOfNew();
    const mine = await db.board.create({ data: { workspaceId: target.actor.workspaceId, name: "Mine", slug: "mine" } });
    const done = await importArchive(target.actor, await exported(source.actor));
    const late = await expectApiError(undoImport(target.actor, done.id, new Date(Date.now() + 25 * 3600_000)), "CONFLICT");
    expect(late.details?.[0]?.code).toBe("undo_window_passed");
    const asked = await undoImport(target.actor, done.id);
    expect(asked.state).toBe("undoing");
    // Asked twice (a double click, a retried request): the same undo, not a second one.
    expect((await undoImport(target.actor, done.id)).state).toBe("undoing");
    await performUndo(target.actor.workspaceId, done.id);
    expect((await getImport(target.actor, done.id)).state).toBe("undone");
    const workspaceId = target.actor.workspaceId;
    expect(await db.board.findMany({ where: { workspaceId }, select: { id: true } })).toEqual([{ id: mine.id }]);
    for (const count of [db.post.count({ where: { workspaceId } }), db.vote.count({ where: { workspaceId } }), db.incident.count({ where: { workspaceId } }), db.subscriber.count({ where: { workspaceId } }), db.componentStatusChange.count({ where: { workspaceId } })]) {
      expect(await count).toBe(0);
    }
    await expectApiError(undoImport(target.actor, done.id), "CONFLICT");
  });

  it("beyond the plan's limits is refused at the preview, before anything is written", async () => {
    const source = await ownerOfNew();
    const workspaceId = source.actor.workspaceId;
    await db.board.createMany({ data: [1, 2, 3, 4].map((n) => ({ workspaceId, name: `B${n}`, slug: `b${n}` })) });
    const target = await ownerOfNew("FREE");
    const started = await startImport(target.actor, { source: "own", mode: "run" }, chunked(await exported(source.actor)));
    await previewImport(target.actor.workspaceId, started.id);
    const previewed = await getImport(target.actor, started.id);
    expect(previewed.state).toBe("previewed");
    expect(previewed.preview).toMatchObject({ overLimit: [{ resource: "boards", limit: 3, used: 0, adding: 4 }] });
    await expectApiError(confirmImport(target.actor, started.id), "PLAN_LIMIT");
    expect(await db.board.count({ where: { workspaceId: target.actor.workspaceId } })).toBe(0);
  });

  it("two imports into one workspace at once: the second is refused", async () => {
    const source = await ownerOfNew();
    await seedEverything(source.actor.workspaceId);
    const bytes = await exported(source.actor);
    const target = await ownerOfNew();
    const one = await startImport(target.actor, { source: "own" }, chunked(bytes));
    const two = await startImport(target.actor, { source: "own" }, chunked(bytes));
    await previewImport(target.actor.workspaceId, one.id);
    await previewImport(target.actor.workspaceId, two.id);
    await confirmImport(target.actor, one.id);
    const refused = await expectApiError(confirmImport(target.actor, two.id), "CONFLICT");
    expect(refused.message).toMatch(/Another import/);
  });

  it("people without an account become unclaimed accounts with their name; known addresses are matched", async () => {
    const source = await ownerOfNew();
    const { alice } = await seedEverything(source.actor.workspaceId);
    await db.user.update({ where: { id: alice.id }, data: { emailVerifiedAt: new Date() } });
    const bytes = await exported(source.actor);
    await db.user.deleteMany({ where: { email: { startsWith: "bob" } } });
    const target = await ownerOfNew();
    const started = await startImport(target.actor, { source: "own" }, chunked(bytes));
    await previewImport(target.actor.workspaceId, started.id);
    const preview = (await getImport(target.actor, started.id)).preview as { people: { matched: number; unclaimed: number } };
    expect(preview.people.matched).toBeGreaterThanOrEqual(1);
  });
});

describe("bad archives get a clear answer", () => {
  const zip = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
  const manifest = JSON.stringify({ format: "workspace-export", version: 1, counts: {} });
  const refused = async (bytes: Uint8Array) => {
    const { actor } = await ownerOfNew();
    return (await expectApiError(startImport(actor, { source: "own" }, chunked(bytes)), "VALIDATION_ERROR")).message;
  };
  const failedRun = async (bytes: Uint8Array) => {
    const { actor } = await ownerOfNew();
    const started = await startImport(actor, { source: "own" }, chunked(bytes));
    await previewImport(actor.workspaceId, started.id);
    return getImport(actor, started.id);
  };

  it("a file that is not a zip", async () => {
    expect(await refused(strToU8("id,title\n1,hello\n"))).toMatch(/not a zip archive/);
  });

  it("a manifest of a newer format version", async () => {
    expect(await refused(zip({ "manifest.json": JSON.stringify({ format: "workspace-export", version: 3 }), "boards.jsonl": "" }))).toMatch(/manifest.json: format version 3 is newer/);
  });

  it("an archive without a manifest", async () => {
    expect(await refused(zip({ "boards.jsonl": "{}\n" }))).toMatch(/must begin with manifest.json/);
  });

  it("a zip bomb stops at the size limit, whatever the archive claims", async () => {
    const { ARCHIVE_LIMITS } = await import("@/lib/domain/imports/sources/own/own-adapter");
    const saved = ARCHIVE_LIMITS.maxTotalBytes;
    ARCHIVE_LIMITS.maxTotalBytes = 4 * 1024 * 1024;
    try {
      const bomb = zipSync({ "manifest.json": strToU8(manifest), "boards.jsonl": new Uint8Array(64 * 1024 * 1024).fill(0x20) }, { level: 9 });
      expect(bomb.byteLength).toBeLessThan(200 * 1024);
      expect(await refused(bomb)).toBe("archive: The archive inflates to more than 4 MiB; refused.");
    } finally {
      ARCHIVE_LIMITS.maxTotalBytes = saved;
    }
  });

  it("too many entries", async () => {
    const files: Record<string, string> = { "manifest.json": manifest };
    for (let n = 0; n < 70; n += 1) files[`extra-${n}.txt`] = "x";
    expect(await refused(zip(files))).toBe("archive: The archive holds more than 64 entries.");
  });

  it("a broken row names the file, line and field", async () => {
    const good = JSON.stringify({ id: "b1", name: "Ideas", slug: "ideas", createdAt: "2026-01-01T00:00:00Z" });
    const run = await failedRun(zip({ "manifest.json": manifest, "boards.jsonl": `${good}\n${JSON.stringify({ id: "b2", slug: "x", createdAt: "2026-01-01" })}\n` }));
    expect(run.state).toBe("failed");
    expect(run.error).toMatch(/^boards.jsonl, line 2, field name: /);
    const json = await failedRun(zip({ "manifest.json": manifest, "boards.jsonl": `${good}\n{"id": "b2",, }\n` }));
    expect(json.error).toMatch(/^boards.jsonl, line 2, column \d+: not valid JSON/);
  });

  it("duplicate ids", async () => {
    const row = JSON.stringify({ id: "b1", name: "Ideas", slug: "ideas", createdAt: "2026-01-01T00:00:00Z" });
    const run = await failedRun(zip({ "manifest.json": manifest, "boards.jsonl": `${row}\n${row}\n` }));
    expect(run.error).toBe('boards.jsonl, line 2: the id "b1" appears twice.');
  });
});
