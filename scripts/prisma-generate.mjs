#!/usr/bin/env node
// Runs Prisma 7's `generate` offline. Two things make that need a wrapper:
// - the CLI resolves (and would otherwise download) its native schema engine before any command,
//   although `generate` never runs it, so the variable names an existing file instead;
// - the Prisma 6.19 CLI we keep for schema diffs (scripts/lib/schema-diff.ts) also ships a
//   `prisma` bin, so node_modules/.bin/prisma may be either; we call Prisma 7 by path.
// The generated client is then rewritten so that every thread that uses it holds less: its
// parameterization graph in a tenth of the memory (scripts/lib/prisma-param-graph.mjs), its query
// compiler read from a file rather than kept as text (scripts/lib/prisma-wasm-file.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { padClientSource } from "./lib/prisma-param-graph.mjs";
import { loadQueryCompilerFromFile } from "./lib/prisma-wasm-file.mjs";

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
const result = spawnSync(process.execPath, [cli, "generate", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
if (result.status !== 0) process.exit(result.status ?? 1);

const clientDir = fileURLToPath(new URL("../lib/generated/prisma/internal/", import.meta.url));
const client = `${clientDir}class.ts`;
fs.writeFileSync(client, padClientSource(fs.readFileSync(client, "utf8")));
loadQueryCompilerFromFile(clientDir, fileURLToPath(new URL("..", import.meta.url)));
