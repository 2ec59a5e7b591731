import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

// An import of this product's own archive on embedded PGlite, the database of `npm run dev`
// without DATABASE_URL, whatever database the other test files use: the import's bulk statements
// (one array parameter per column and unnest, enum arrays, ON CONFLICT … RETURNING) and its
// people statements beside a batch's transaction must work on PGlite's single connection too.
// A file of the standalone project, so it opens its own in-memory PGlite before the app's
// modules are loaded.

beforeAll(async () => {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = `memory://import-${randomBytes(5).toString("hex")}`;
  process.env.NEXTAUTH_SECRET ??= "test-nextauth-secret-0123456789abcdef0123456789";
  process.env.API_KEY_SECRET ??= "test-api-key-secret-0123456789abcdef0123456789";
  const { openSql } = await import("@/lib/platform/db/sql");
  const { applyMigrations } = await import("@/lib/platform/db/migrate");
  await applyMigrations(await openSql({ kind: "pglite", dataDir: process.env.PGLITE_DATA_DIR }));
});

describe("an import on embedded PGlite", () => {
  it("exports a workspace and imports it into another: the same content, status history included", async () => {
    const [{ describeTarget, resolveDatabaseTarget }, { exportWorkspace }, { startImport }, { previewImport, runImport }, { confirmImport }, { getImport }, { seedTenant }, { actorOf }, fixture] = await Promise.all([
      import("@/lib/platform/db/target"),
      import("@/lib/domain/exports/export-workspace"),
      import("@/lib/domain/imports/start-import"),
      import("@/lib/domain/imports/run-import"),
      import("@/lib/domain/imports/confirm-import"),
      import("@/lib/domain/imports/get-import"),
      import("../support/api"),
      import("../support/actors"),
      import("../imports/archive-fixture"),
    ]);
    expect(describeTarget(resolveDatabaseTarget())).toBe("PGlite (in memory)");
    const ownerOfNew = async () => {
      const tenant = await seedTenant({ plan: "PRO" });
      return actorOf(tenant, tenant.owner);
    };
    const source = await ownerOfNew();
    await fixture.seedEverything(source.workspaceId);
    const first = await fixture.bytesOf((await exportWorkspace(source)).stream);

    const target = await ownerOfNew();
    const started = await startImport(target, { source: "own" }, fixture.chunked(first));
    await previewImport(target.workspaceId, started.id);
    expect((await getImport(target, started.id)).state).toBe("previewed");
    await confirmImport(target, started.id);
    await runImport(target.workspaceId, started.id);
    const done = await getImport(target, started.id);
    expect(done.state).toBe("completed");
    expect(done.progress.created).toMatchObject({ board: 2, post: 3, vote: 3, comment: 3, status_change: 3, incident_update: 2 });

    const second = await fixture.bytesOf((await exportWorkspace(target)).stream);
    expect(fixture.contentOf(fixture.readArchive(second))).toEqual(fixture.contentOf(fixture.readArchive(first)));

    // Run again (a worker that died before marking it done): nothing twice.
    const again = await startImport(target, { source: "own" }, fixture.chunked(first));
    await previewImport(target.workspaceId, again.id);
    await confirmImport(target, again.id);
    await runImport(target.workspaceId, again.id);
    expect((await getImport(target, again.id)).progress.skipped).toMatchObject({ "post: already imported": 3 });
    const third = await fixture.bytesOf((await exportWorkspace(target)).stream);
    expect(fixture.contentOf(fixture.readArchive(third))).toEqual(fixture.contentOf(fixture.readArchive(first)));
  });
});
