import { applyMigrations, MigrationError } from "../lib/platform/db/migrate";
import { DatabaseLockedError } from "../lib/platform/db/pglite-lock";
import { openSql, type SqlConnection } from "../lib/platform/db/sql";
import { describeTarget, resolveDatabaseTarget } from "../lib/platform/db/target";

// `npm run db:migrate`: brings the configured database (DATABASE_URL, else embedded PGlite) up to
// the migrations in prisma/migrations.

async function main(): Promise<void> {
  const target = resolveDatabaseTarget();
  console.log(`Target: ${describeTarget(target)}`);
  let conn: SqlConnection | undefined;
  try {
    conn = await openSql(target);
    const { applied } = await applyMigrations(conn, { log: (line) => console.log(line) });
    console.log(
      applied.length === 0
        ? "Database is up to date; no migrations to apply."
        : `Applied ${applied.length} migration${applied.length === 1 ? "" : "s"}: ${applied.join(", ")}`,
    );
  } catch (error) {
    // Our own errors are written for people and print as is; driver errors such as
    // "connect ECONNREFUSED" need saying what we were doing.
    const message = error instanceof Error ? error.message : String(error);
    const ours = error instanceof MigrationError || error instanceof DatabaseLockedError;
    console.error(ours ? message : `Could not migrate ${describeTarget(target)}: ${message}`);
    process.exitCode = 1;
  } finally {
    await conn?.close().catch(() => {});
  }
}

await main();
