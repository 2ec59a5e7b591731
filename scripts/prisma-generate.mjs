#!/usr/bin/env node
// Runs Prisma 7's `generate` offline. Two things make that need a wrapper:
// - the CLI resolves (and would otherwise download) its native schema engine before any command,
//   although `generate` never runs it, so the variable names an existing file instead;
// - the Prisma 6.19 CLI we keep for schema diffs (scripts/lib/schema-diff.ts) also ships a
//   `prisma` bin, so node_modules/.bin/prisma may be either; we call Prisma 7 by path.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
const result = spawnSync(process.execPath, [cli, "generate", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);
