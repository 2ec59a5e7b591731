import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: STANDALONE,
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/per-file-database.ts"],
        },
      },
      { extends: true, test: { name: "standalone", include: STANDALONE } },
    ],
  },
});
