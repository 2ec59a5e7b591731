import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { describeDatabase, findPostgres } from "./scripts/lib/find-postgres.mjs";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer";

// The same database choice as `npm test`, so `npx vitest run <file>` needs no environment either:
// TEST_DATABASE_URL, DATABASE_URL, a local PostgreSQL, else embedded PGlite. Set here, in the main
// process, before any test process starts, so every one of them inherits it.
// (The config is read once per project: say it once.)
if (process.env.TEST_DATABASE === "pglite") {
  delete process.env.TEST_DATABASE_URL;
  delete process.env.DATABASE_URL;
} else if (!process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL) {
  const found = await findPostgres();
  if (found.url) process.env.TEST_DATABASE_URL = found.url;
  console.log(`vitest: ${describeDatabase(found)}`);
}

// Files that need no application database (pure units, the Upstash bridge, the migration tools
// that make their own scratch databases) run without the per-file database setup.
const STANDALONE = ["tests/unit/**/*.test.ts", "tests/upstash-bridge/**/*.test.ts", "tests/db/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    // Each file runs in its own process with its own database (tests/support/per-file-database.ts).
    pool: "forks",
    // Vitest's default on 2 cores is one process; integration files spend much of their time
    // waiting on PostgreSQL, so two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Generous, so that a machine shared with other runs (two clones testing at once, a busy CI
    // host) slows a test down without failing it; a test that truly hangs still fails.
    // The files that take longest start first (tests/support/slow-first-sequencer.ts), so that on a
    // fresh machine none of them starts last and runs alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 120_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: STANDALONE,
          globalSetup: ["tests/support/build-server.ts", "tests/support/global-setup.ts"],
          setupFiles: ["tests/support/per-file-database.ts"],
        },
      },
      { extends: true, test: { name: "standalone", include: STANDALONE, globalSetup: ["tests/support/build-server.ts"] } },
    ],
  },
});
