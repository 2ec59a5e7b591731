import { applyMigrations } from "@/lib/db/migrate";
import { openSql } from "@/lib/db/sql";
import { adminQuery, templateName, testServerUrl, withDatabase } from "./test-database";

// Once per run: on PostgreSQL, make sure the migrated template every test file copies exists.
// Its name carries a fingerprint of the migrations, so a new migration makes a new template.
export default async function globalSetup() {
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
