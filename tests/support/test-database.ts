import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

// Integration tests run against PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) names a
// server, PGlite otherwise. Each test file gets its own database: on PostgreSQL a copy of a
// migrated template (CREATE DATABASE ... TEMPLATE, milliseconds), on PGlite a fresh in-memory
// instance. Nothing is shared between files, so files run in parallel and in any order.

export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

function migrationsFingerprint(): string {
  const dir = path.resolve("prisma/migrations");
  const hash = createHash("sha256");
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name, "migration.sql");
    if (fs.existsSync(file)) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 10);
}

export function templateName(): string {
  return `wsp_test_tpl_${migrationsFingerprint()}`;
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(serverUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A new database `name`, copied from the migrated template. Two copies made at the same instant
 * from one template collide (more so with two runs on one machine, or a loaded one); a retry after
 * a random pause succeeds.
 */
export async function copyTemplate(serverUrl: string, name: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${templateName()}"`);
      return name;
    } catch (error) {
      if (attempt >= 30 || !String(error).includes("being accessed")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100 * Math.min(attempt + 1, 10)));
    }
  }
}
