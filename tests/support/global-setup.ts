import { applyMigrations } from "@/lib/platform/db/migrate";
import { openSql } from "@/lib/platform/db/sql";
import { startUpstashBridge } from "@/scripts/upstash-bridge/server";
import { startDatabasePool } from "./database-pool";
import { adminQuery, templateName, testServerUrl, withDatabase } from "./test-database";

// Once per run:
// - on PostgreSQL, make sure the migrated template every test file copies exists. Its name
//   carries a fingerprint of the migrations, so a new migration makes a new template; then start
//   the pool that copies it for the test files ahead of time and drops their copies behind them
//   (tests/support/database-pool.ts);
// - with TEST_RATE_LIMIT_BACKEND=upstash, start the Upstash REST bridge in front of the local
//   Redis and point every test process at it, so the whole API suite runs on @upstash/ratelimit.
export default async function globalSetup() {
  await ensureTemplate();
  const closes: (() => Promise<void>)[] = [];
  const serverUrl = testServerUrl();
  if (serverUrl) {
    const pool = await startDatabasePool(serverUrl);
    process.env.TEST_DATABASE_POOL_URL = pool.url;
    closes.push(() => pool.close());
  }
  if (process.env.TEST_RATE_LIMIT_BACKEND === "upstash") {
    const token = "test-bridge-token";
    const bridge = await startUpstashBridge({ port: 0, token, redisUrl: process.env.REDIS_URL });
    process.env.UPSTASH_REDIS_REST_URL = bridge.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = token;
    // The suite checks exact counts; on a loaded machine a bridge answer slower than the
    // production default (250 ms) would be counted in-process instead. Fail-open has its own
    // tests (rate-limit-upstash.test.ts) with the short wait.
    process.env.RATE_LIMIT_TIMEOUT_MS ??= "2000";
    closes.push(() => bridge.close());
  }
  return async () => {
    for (const close of closes.reverse()) await close();
  };
}

async function ensureTemplate() {
  const serverUrl = testServerUrl();
  if (!serverUrl) return;
  const name = templateName();
  const exists = await adminQuery(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  if (exists.length > 0) return;
  const building = `${name}_build_${process.pid}`;
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE "${building}"`);
  const conn = await openSql({ kind: "postgres", url: withDatabase(serverUrl, building) });
  try {
    await applyMigrations(conn);
  } finally {
    await conn.close();
  }
  // Renamed only when complete, so a crash never leaves a half-migrated template behind.
  await adminQuery(serverUrl, `ALTER DATABASE "${building}" RENAME TO "${name}"`).catch(async (error) => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    if (!String(error).includes("already exists")) throw error;
  });
}
