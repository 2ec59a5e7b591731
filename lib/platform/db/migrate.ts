import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { SqlConnection } from "./sql";

// Applies Prisma-format migrations (prisma/migrations/<timestamp>_<name>/migration.sql) without
// Prisma's native schema engine, which cannot be installed offline and does not run on PGlite.
// History goes to `_prisma_migrations` exactly as Prisma keeps it, so `prisma migrate deploy` and
// `prisma migrate status` agree with this runner wherever the native engine is available.

/**
 * Prisma's own DDL for the history table (prisma-engines, sql-schema-connector, postgres flavour),
 * plus IF NOT EXISTS because we create it on every run rather than after introspecting.
 */
const HISTORY_TABLE_DDL = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`;

// The key Prisma's schema engine locks on, so this runner and `prisma migrate deploy` also
// exclude each other, not just two copies of this runner.
const ADVISORY_LOCK_KEY = 72707369;

export interface Migration {
  name: string;
  sqlPath: string;
  script: string;
  /** sha256 hex of the file's bytes, as Prisma records it. */
  checksum: string;
}

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  started_at: Date;
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    message: string,
  ) {
    super(message);
    this.name = "MigrationError";
  }
}

// Resolved per call from the working directory: npm scripts and `next` both run from the project
// root, while import.meta.url would point into .next/ once this module is bundled.
export function defaultMigrationsDir(): string {
  return path.resolve(process.cwd(), "prisma", "migrations");
}

/** The migrations in `dir`, in apply order. A folder that does not exist yet lists none. */
export async function listMigrations(dir: string): Promise<Migration[]> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const names = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort(); // timestamp prefixes make name order the creation order, as Prisma assumes
  return Promise.all(names.map((name) => readMigration(dir, name)));
}

async function readMigration(dir: string, name: string): Promise<Migration> {
  const sqlPath = path.join(dir, name, "migration.sql");
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(sqlPath);
  } catch {
    throw new MigrationError(name, `Migration folder ${name} has no migration.sql (expected ${sqlPath}).`);
  }
  return { name, sqlPath, script: bytes.toString("utf8"), checksum: sha256(bytes) };
}

export async function applyMigrations(
  conn: SqlConnection,
  opts: { migrationsDir?: string; log?: (line: string) => void } = {},
): Promise<{ applied: string[] }> {
  const dir = opts.migrationsDir ?? defaultMigrationsDir();
  const log = opts.log ?? (() => {});
  if (!(await isDirectory(dir))) throw new Error(`No migrations folder at ${dir}.`);
  await checkLockfile(dir);
  const migrations = await listMigrations(dir);

  if (conn.kind === "pglite") return serializedInProcess(() => applyPending(conn, migrations, log));
  await takeAdvisoryLock(conn, log);
  try {
    return await applyPending(conn, migrations, log);
  } finally {
    // If the session died the lock died with it; the original error is the one worth reporting.
    await conn.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]).catch(() => {});
  }
}

// PGlite's folder lock keeps other processes out, but within one process every connection to a
// folder shares a single session, so two interleaved runs would share one transaction.
const pgliteRuns = ((globalThis as { __pgliteMigrationRuns?: { tail: Promise<unknown> } })
  .__pgliteMigrationRuns ??= { tail: Promise.resolve() });

function serializedInProcess<T>(run: () => Promise<T>): Promise<T> {
  const result = pgliteRuns.tail.then(run, run);
  pgliteRuns.tail = result.catch(() => {});
  return result;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function applyPending(
  conn: SqlConnection,
  migrations: Migration[],
  log: (line: string) => void,
): Promise<{ applied: string[] }> {
  await conn.exec(HISTORY_TABLE_DDL);
  const history = await conn.query<HistoryRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at, started_at
       FROM _prisma_migrations ORDER BY started_at`,
  );
  const pending = pendingMigrations(migrations, history, log);
  const applied: string[] = [];
  for (const migration of pending) {
    log(`Applying migration ${migration.name}`);
    await applyOne(conn, migration);
    applied.push(migration.name);
  }
  return { applied };
}

async function takeAdvisoryLock(conn: SqlConnection, log: (line: string) => void): Promise<void> {
  const [row] = await conn.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [ADVISORY_LOCK_KEY]);
  if (row?.locked) return;
  log("Another process is migrating this database; waiting for it to finish...");
  await conn.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
}

async function checkLockfile(dir: string): Promise<void> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, "migration_lock.toml"), "utf8");
  } catch {
    return; // Prisma tolerates a missing lock file too
  }
  const provider = /^\s*provider\s*=\s*"([^"]*)"/m.exec(text)?.[1];
  if (provider && provider !== "postgresql") {
    throw new Error(
      `${path.join(dir, "migration_lock.toml")} says these migrations are for "${provider}", not "postgresql".`,
    );
  }
}

/** Refuses a history this runner must not build on; returns the migrations still to apply. */
function pendingMigrations(migrations: Migration[], history: HistoryRow[], log: (line: string) => void): Migration[] {
  // Rows marked rolled back (`prisma migrate resolve --rolled-back`) no longer count: the
  // migration is applied afresh, as Prisma does.
  const live = history.filter((row) => row.rolled_back_at === null);

  const failed = live.find((row) => row.finished_at === null);
  if (failed) {
    throw new MigrationError(
      failed.migration_name,
      `Migration ${failed.migration_name} is recorded as failed in _prisma_migrations (started ` +
        `${failed.started_at.toISOString()}, never finished, not rolled back). This runner rolls back ` +
        `its own failures, so another tool (prisma migrate deploy?) left it half-applied. Inspect the ` +
        `database, undo what it did, then mark it rolled back: UPDATE _prisma_migrations SET ` +
        `rolled_back_at = now() WHERE migration_name = '${failed.migration_name}' AND finished_at IS NULL; ` +
        `and run again.`,
    );
  }

  const appliedByName = new Map(live.map((row) => [row.migration_name, row]));
  for (const migration of migrations) {
    const row = appliedByName.get(migration.name);
    if (row && !scriptMatchesChecksum(migration.script, row.checksum)) {
      throw new MigrationError(
        migration.name,
        `Migration ${migration.name} was edited after it was applied to this database (recorded ` +
          `checksum ${row.checksum}, file now ${migration.checksum}). Applied migrations must not change: ` +
          `restore ${migration.sqlPath} and put the change in a new migration (npm run db:migration:new -- <name>).`,
      );
    }
  }

  const local = new Set(migrations.map((m) => m.name));
  for (const name of appliedByName.keys()) {
    if (!local.has(name)) log(`Warning: migration ${name} is applied to the database but missing locally.`);
  }
  return migrations.filter((m) => !appliedByName.has(m.name));
}

// Like Prisma: a checkout that only converted line endings (git autocrlf) is not an edit.
function scriptMatchesChecksum(script: string, checksum: string): boolean {
  const variants = [script, script.replace(/\r\n/g, "\n"), script.replace(/\r?\n/g, "\r\n")];
  return variants.some((variant) => sha256(Buffer.from(variant, "utf8")) === checksum);
}

async function applyOne(conn: SqlConnection, migration: Migration): Promise<void> {
  // The migration and its history row commit together or not at all, so a failure leaves
  // nothing behind to clean up.
  await conn.exec("BEGIN");
  try {
    await conn.exec(withoutTransactionControl(migration.script));
    await conn.query(
      `INSERT INTO _prisma_migrations
         (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
       VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, now(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await conn.exec("COMMIT");
  } catch (error) {
    await conn.exec("ROLLBACK").catch(() => {}); // the original error matters more than this one
    throw new MigrationError(
      migration.name,
      `Migration ${migration.name} failed and was rolled back; nothing of it was applied.\n` +
        `${describeSqlError(error, migration.script)}`,
    );
  }
}

/**
 * Prisma wraps some generated steps (enum rewrites) in their own BEGIN; ... COMMIT;. Inside our
 * transaction that COMMIT would end it early and make the rest of the migration non-atomic, so
 * top-level BEGIN/COMMIT lines are blanked out (same length, keeping error positions right).
 * Dollar-quoted bodies are left alone: `COMMIT;` there belongs to a procedure.
 */
export function withoutTransactionControl(script: string): string {
  let openTag: string | null = null;
  return script
    .split("\n")
    .map((line) => {
      if (openTag === null && /^\s*(BEGIN|START\s+TRANSACTION|COMMIT)\s*;\s*$/i.test(line)) {
        return line.replace(/\S/g, " ");
      }
      for (const [tag] of line.matchAll(/\$[A-Za-z_0-9]*\$/g)) {
        if (openTag === null) openTag = tag;
        else if (tag === openTag) openTag = null;
      }
      return line;
    })
    .join("\n");
}

function describeSqlError(error: unknown, script: string): string {
  const err = error as { message?: string; position?: string | number; detail?: string; hint?: string };
  const parts = [`SQL error: ${err.message ?? String(error)}`];
  const position = Number(err.position);
  if (Number.isInteger(position) && position > 0) {
    const line = script.slice(0, position - 1).split("\n").length;
    parts[0] += ` (migration.sql line ${line})`;
  }
  if (err.detail) parts.push(`Detail: ${err.detail}`);
  if (err.hint) parts.push(`Hint: ${err.hint}`);
  return parts.join("\n");
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
