import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { adminQuery, copyTemplate, testServerUrl, withDatabase } from "./test-database";

// Runs before each test file (vitest setupFiles), before the file imports lib/platform/db/client, so the
// process-wide Prisma client binds to this file's own database.
const serverUrl = testServerUrl();
const suffix = randomBytes(5).toString("hex");
// Fetch as it is before the file runs, so a test that replaces the global one still hands its
// database back.
const poolFetch = globalThis.fetch;

if (serverUrl) {
  const pool = process.env.TEST_DATABASE_POOL_URL;
  // From the run's pool (tests/support/database-pool.ts) when the global setup started one: a
  // fresh copy made ahead of time, dropped behind the run once handed back. Otherwise (the pool is
  // not running) this file copies the template and drops its copy itself.
  const name = pool ? await claimFromPool(pool) : await copyTemplate(serverUrl, `wsp_test_${suffix}`);
  process.env.DATABASE_URL = withDatabase(serverUrl, name);
  afterAll(async () => {
    const { db } = await import("@/lib/platform/db/client");
    await db.$disconnect();
    const handedBack = pool && (await poolFetch(`${pool}/release?name=${encodeURIComponent(name)}`, { method: "POST" }).then((answer) => answer.ok, () => false));
    if (!handedBack) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = `memory://${suffix}`;
  const { openSql } = await import("@/lib/platform/db/sql");
  const { applyMigrations } = await import("@/lib/platform/db/migrate");
  // The in-memory instance is shared with the Prisma client through lib/platform/db/pglite's registry;
  // it is not closed here because the client keeps using it.
  await applyMigrations(await openSql({ kind: "pglite", dataDir: process.env.PGLITE_DATA_DIR }));
}

async function claimFromPool(pool: string): Promise<string> {
  const answer = await poolFetch(`${pool}/claim`);
  const body = await answer.text();
  if (!answer.ok) throw new Error(`the test database pool could not give this file a database: ${body}`);
  return body;
}

process.env.NEXTAUTH_SECRET ??= "test-nextauth-secret-0123456789abcdef0123456789";
process.env.API_KEY_SECRET ??= "test-api-key-secret-0123456789abcdef0123456789";
