import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyMigrations, listMigrations, withoutTransactionControl } from "../../lib/platform/db/migrate";
import { openSql, type SqlConnection } from "../../lib/platform/db/sql";

// Runs the migration runner against a real PostgreSQL scratch database and an in-memory PGlite.
// Each test gets a fresh schema on the search_path instead of a fresh database: the runner uses
// unqualified names (as Prisma does with ?schema=), and a new PGlite costs seconds to start.

const REPO_MIGRATIONS = path.resolve(import.meta.dirname, "../../prisma/migrations");
const adminUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
adminUrl.pathname = "/postgres";
const scratchName = `mig_${randomBytes(6).toString("hex")}`;
const scratchUrl = Object.assign(new URL(adminUrl), { pathname: `/${scratchName}` }).toString();

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(() => admin(`CREATE DATABASE "${scratchName}"`));
afterAll(() => admin(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`));

interface HistoryRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

const history = (conn: SqlConnection) =>
  conn.query<HistoryRow>("SELECT * FROM _prisma_migrations ORDER BY migration_name");

async function tableExists(conn: SqlConnection, name: string): Promise<boolean> {
  const [row] = await conn.query<{ found: string | null }>("SELECT to_regclass($1)::text AS found", [name]);
  return row?.found != null;
}

async function useFreshSchema(...conns: SqlConnection[]): Promise<string> {
  const schema = `t_${randomBytes(4).toString("hex")}`;
  await conns[0]!.exec(`CREATE SCHEMA ${schema}`);
  for (const conn of conns) await conn.exec(`SET search_path TO ${schema}`);
  return schema;
}

/** A throwaway migrations folder: { "<name>": "<sql>" }. */
async function migrationsDir(migrations: Record<string, string>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-"));
  for (const [name, sql] of Object.entries(migrations)) {
    await fs.mkdir(path.join(dir, name));
    await fs.writeFile(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

const tempDirs: string[] = [];
const tempMigrations = async (migrations: Record<string, string>) => {
  const dir = await migrationsDir(migrations);
  tempDirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

const backends = [
  { name: "PostgreSQL", open: () => openSql({ kind: "postgres", url: scratchUrl }) },
  { name: "PGlite", open: () => openSql({ kind: "pglite", dataDir: `memory://mig-${randomBytes(4).toString("hex")}` }) },
];

// Generous: PGlite's start-up alone takes seconds, more on a busy machine.
describe.each(backends)("applyMigrations on $name", { timeout: 60_000 }, ({ open }) => {
  let conn: SqlConnection;
  beforeAll(async () => {
    conn = await open();
  }, 60_000);
  afterAll(() => conn?.close());
  beforeEach(async () => {
    await useFreshSchema(conn);
  });

  it("applies the repo's migrations once and records them as Prisma does", async () => {
    const migrations = await listMigrations(REPO_MIGRATIONS);
    expect(migrations.length).toBeGreaterThan(0);

    const first = await applyMigrations(conn, { migrationsDir: REPO_MIGRATIONS });
    expect(first.applied).toEqual(migrations.map((m) => m.name));
    expect(await tableExists(conn, '"User"')).toBe(true);
    expect(await tableExists(conn, '"TodoItem"')).toBe(true);

    const second = await applyMigrations(conn, { migrationsDir: REPO_MIGRATIONS });
    expect(second.applied).toEqual([]);

    const rows = await history(conn);
    expect(rows).toHaveLength(migrations.length);
    for (const [i, row] of rows.entries()) {
      const file = await fs.readFile(migrations[i]!.sqlPath);
      expect(row.migration_name).toBe(migrations[i]!.name);
      expect(row.checksum).toBe(createHash("sha256").update(file).digest("hex"));
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
  });

  it("creates the history table with Prisma's exact column types", async () => {
    await applyMigrations(conn, { migrationsDir: await tempMigrations({ "1_a": "SELECT 1;" }) });
    const columns = await conn.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null; max: number | null }>(
      `SELECT column_name, data_type, is_nullable, column_default, character_maximum_length AS max
         FROM information_schema.columns
        WHERE table_name = '_prisma_migrations' AND table_schema = current_schema()
        ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: "id", data_type: "character varying", is_nullable: "NO", column_default: null, max: 36 },
      { column_name: "checksum", data_type: "character varying", is_nullable: "NO", column_default: null, max: 64 },
      { column_name: "finished_at", data_type: "timestamp with time zone", is_nullable: "YES", column_default: null, max: null },
      { column_name: "migration_name", data_type: "character varying", is_nullable: "NO", column_default: null, max: 255 },
      { column_name: "logs", data_type: "text", is_nullable: "YES", column_default: null, max: null },
      { column_name: "rolled_back_at", data_type: "timestamp with time zone", is_nullable: "YES", column_default: null, max: null },
      { column_name: "started_at", data_type: "timestamp with time zone", is_nullable: "NO", column_default: "now()", max: null },
      { column_name: "applied_steps_count", data_type: "integer", is_nullable: "NO", column_default: "0", max: null },
    ]);
  });

  it("rolls back a failing migration completely and names it", async () => {
    const dir = await tempMigrations({
      "20240101000000_good": "CREATE TABLE good (id int);",
      "20240102000000_bad": "CREATE TABLE half_done (id int);\nINSERT INTO good VALUES (1);\nINSERT INTO no_such_table VALUES (1);\n",
      "20240103000000_after": "CREATE TABLE after_bad (id int);",
    });
    const error = await applyMigrations(conn, { migrationsDir: dir }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain("20240102000000_bad");
    expect((error as Error).message).toMatch(/no_such_table.*does not exist/);
    expect((error as Error).message).toContain("line 3");

    expect(await tableExists(conn, "good")).toBe(true);
    expect(await tableExists(conn, "half_done")).toBe(false);
    expect(await tableExists(conn, "after_bad")).toBe(false);
    expect(await conn.query("SELECT * FROM good")).toEqual([]);
    expect((await history(conn)).map((r) => r.migration_name)).toEqual(["20240101000000_good"]);
  });

  it("keeps a migration atomic even when it carries its own BEGIN/COMMIT (as Prisma's enum rewrites do)", async () => {
    const dir = await tempMigrations({
      "20240101000000_wrapped": "BEGIN;\nCREATE TABLE inside_block (id int);\nCOMMIT;\n\nCREATE TABLE after_block (id int);\nSELECT 1/0;\n",
    });
    await expect(applyMigrations(conn, { migrationsDir: dir })).rejects.toThrow(/20240101000000_wrapped[\s\S]*division by zero/);
    expect(await tableExists(conn, "inside_block")).toBe(false);
    expect(await tableExists(conn, "after_block")).toBe(false);
    expect(await history(conn)).toEqual([]);
  });

  it("refuses a migration edited after it was applied, but not a line-ending conversion", async () => {
    const dir = await tempMigrations({ "20240101000000_one": "CREATE TABLE one (id int);\nCREATE TABLE two (id int);\n" });
    await applyMigrations(conn, { migrationsDir: dir });
    const file = path.join(dir, "20240101000000_one", "migration.sql");

    await fs.writeFile(file, "CREATE TABLE one (id int);\r\nCREATE TABLE two (id int);\r\n");
    expect((await applyMigrations(conn, { migrationsDir: dir })).applied).toEqual([]);

    await fs.writeFile(file, "CREATE TABLE one (id bigint);\nCREATE TABLE two (id int);\n");
    await expect(applyMigrations(conn, { migrationsDir: dir })).rejects.toThrow(
      /Migration 20240101000000_one was edited after it was applied/,
    );
  });

  it("refuses to go on past a migration recorded as failed", async () => {
    const dir = await tempMigrations({ "20240101000000_one": "SELECT 1;", "20240102000000_two": "CREATE TABLE two (id int);" });
    await applyMigrations(conn, { migrationsDir: dir });
    await conn.exec("DELETE FROM _prisma_migrations");
    await conn.query(
      "INSERT INTO _prisma_migrations (id, checksum, migration_name, logs) VALUES ($1, $2, $3, 'boom')",
      ["00000000-0000-4000-8000-000000000000", "x".repeat(64), "20240101000000_one"],
    );
    await expect(applyMigrations(conn, { migrationsDir: dir })).rejects.toThrow(
      /Migration 20240101000000_one is recorded as failed/,
    );
    // Once marked rolled back it is applied afresh, as with `prisma migrate resolve --rolled-back`.
    await conn.exec("UPDATE _prisma_migrations SET rolled_back_at = now()");
    await conn.exec("DROP TABLE two");
    const { applied } = await applyMigrations(conn, { migrationsDir: dir });
    expect(applied).toEqual(["20240101000000_one", "20240102000000_two"]);
  });

  it("says which migrations folder is missing", async () => {
    await expect(applyMigrations(conn, { migrationsDir: "/nonexistent/migrations" })).rejects.toThrow(
      "No migrations folder at /nonexistent/migrations",
    );
  });
});

describe("applyMigrations from two PostgreSQL connections at once", { timeout: 60_000 }, () => {
  it("applies each migration exactly once", async () => {
    const [a, b] = await Promise.all([
      openSql({ kind: "postgres", url: scratchUrl }),
      openSql({ kind: "postgres", url: scratchUrl }),
    ]);
    try {
      await useFreshSchema(a, b);
      const dir = await tempMigrations({
        "20240101000000_slow": "CREATE TABLE slow (id int);\nSELECT pg_sleep(1);\n",
        "20240102000000_counter": "CREATE TABLE counter (n int);\nINSERT INTO counter VALUES (1);\n",
        "20240103000000_last": "UPDATE counter SET n = n + 1;\n",
      });
      const logs: string[] = [];
      const [ra, rb] = await Promise.all([
        applyMigrations(a, { migrationsDir: dir, log: (line) => logs.push(`a: ${line}`) }),
        applyMigrations(b, { migrationsDir: dir, log: (line) => logs.push(`b: ${line}`) }),
      ]);
      expect([...ra.applied, ...rb.applied].sort()).toEqual(Object.keys(await readdirMigrations(dir)).sort());
      expect([ra.applied.length, rb.applied.length].sort()).toEqual([0, 3]);
      expect(logs.some((line) => line.includes("waiting"))).toBe(true);
      expect(await a.query("SELECT n FROM counter")).toEqual([{ n: 2 }]);
      expect((await history(a)).map((r) => r.migration_name)).toEqual(Object.keys(await readdirMigrations(dir)));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

async function readdirMigrations(dir: string): Promise<Record<string, true>> {
  return Object.fromEntries((await listMigrations(dir)).map((m) => [m.name, true]));
}

describe("withoutTransactionControl", () => {
  it("blanks top-level BEGIN/COMMIT only, keeping offsets", () => {
    const script = "BEGIN;\nSELECT 1;\ncommit ;\nCREATE FUNCTION f() RETURNS void AS $body$\nBEGIN;\nCOMMIT;\n$body$ LANGUAGE sql;\n";
    const out = withoutTransactionControl(script);
    expect(out).toHaveLength(script.length);
    expect(out).toBe("      \nSELECT 1;\n        \nCREATE FUNCTION f() RETURNS void AS $body$\nBEGIN;\nCOMMIT;\n$body$ LANGUAGE sql;\n");
  });
});
