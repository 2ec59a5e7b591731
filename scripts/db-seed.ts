// `npm run db:seed`: applies pending migrations, then adds the demo workspace unless it exists.
// scripts/dev.mjs runs it before `next dev`, in this one process, so the embedded database is
// opened (and locked) once.
import { applyMigrations } from "@/lib/platform/db/migrate";
import { db } from "@/lib/platform/db/client";
import { openSql } from "@/lib/platform/db/sql";
import { describeTarget, resolveDatabaseTarget } from "@/lib/platform/db/target";
import { DEMO_LOGIN, DEMO_WORKSPACE_SLUG, seedDemo } from "@/prisma/seed";

async function main() {
  const target = resolveDatabaseTarget();
  console.log(`Database: ${describeTarget(target)}`);
  const conn = await openSql(target);
  try {
    const { applied } = await applyMigrations(conn);
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database is up to date.");
    const { seeded } = await seedDemo(db);
    console.log(seeded ? `Seeded the demo workspace "${DEMO_WORKSPACE_SLUG}".` : "Demo workspace already present.");
    console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  } finally {
    await db.$disconnect();
    await conn.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
