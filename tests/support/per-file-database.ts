import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { adminQuery, templateName, testServerUrl, withDatabase } from "./test-database";

// Runs before each test file (vitest setupFiles), before the file imports lib/platform/db/client, so the
// process-wide Prisma client binds to this file's own database.
const serverUrl = testServerUrl();
const suffix = randomBytes(5).toString("hex");

if (serverUrl) {
  const name = `wsp_test_${suffix}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${templateName()}"`);
      break;
    } catch (error) {
      // Two files copying the template at the same instant collide (more so with two runs on one
      // machine, or a loaded one); a retry after a random pause succeeds.
      if (attempt >= 30 || !String(error).includes("being accessed")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100 * Math.min(attempt + 1, 10)));
    }
  }
  process.env.DATABASE_URL = withDatabase(serverUrl, name);
  afterAll(async () => {
    const { db } = await import("@/lib/platform/db/client");
    await db.$disconnect();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
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

process.env.NEXTAUTH_SECRET ??= "test-nextauth-secret-0123456789abcdef0123456789";
process.env.API_KEY_SECRET ??= "test-api-key-secret-0123456789abcdef0123456789";
