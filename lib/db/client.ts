import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { openPglite } from "./pglite";
import { resolveDatabaseTarget, type DatabaseTarget } from "./target";

// PGlite opens (and locks its folder) only when the first query runs, so importing this module -
// as `next build` does - never touches the data folder.
function lazyPgliteAdapter(dataDir: string): SqlDriverAdapterFactory {
  return {
    provider: "postgres",
    adapterName: "pglite",
    async connect() {
      const [{ PrismaPGlite }, pglite] = await Promise.all([
        import("pglite-prisma-adapter"),
        openPglite(dataDir),
      ]);
      return new PrismaPGlite(pglite).connect();
    },
  };
}

function adapterFor(target: DatabaseTarget): SqlDriverAdapterFactory {
  if (target.kind === "pglite") return lazyPgliteAdapter(target.dataDir);
  return new PrismaPg({
    connectionString: target.url,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    connectionTimeoutMillis: 5_000,
  });
}

export function createPrismaClient(target: DatabaseTarget = resolveDatabaseTarget()) {
  return new PrismaClient({ adapter: adapterFor(target) });
}

export type Db = ReturnType<typeof createPrismaClient>;

const holder = globalThis as { __prisma?: Db };

/** The process-wide client. Route handlers reach tenant data through lib/db/scoped.ts instead. */
export const db: Db = (holder.__prisma ??= createPrismaClient());
