import path from "node:path";

// Where the data lives: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in a
// git-ignored folder (or in memory, for tests: PGLITE_DATA_DIR=memory://).
export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string };

export const MEMORY_DATA_DIR = "memory://";

export function resolveDatabaseTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: "postgres", url };
  const dir = env.PGLITE_DATA_DIR?.trim() || ".data/pglite";
  return { kind: "pglite", dataDir: dir.startsWith("memory://") ? dir : path.resolve(/*turbopackIgnore: true*/ dir) };
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite") {
    return target.dataDir.startsWith("memory://") ? "PGlite (in memory)" : `PGlite (${target.dataDir})`;
  }
  const url = new URL(target.url);
  return `PostgreSQL (${url.hostname}:${url.port || 5432}${url.pathname})`;
}
