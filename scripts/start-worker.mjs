#!/usr/bin/env node
// `npm run worker`: the compiled job worker (.server/worker.mjs, made by `npm run build`) launched
// with the memory settings only a process's start can apply, the server's own
// (scripts/lib/server-node-options.mjs): the young generation the server's job thread runs with,
// two malloc arenas. Its arguments pass through.
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

// Loaded only once the version is known to be supported.
const [{ spawn }, fs, path, { withServerNodeOptions }] = await Promise.all([
  import("node:child_process"),
  import("node:fs"),
  import("node:path"),
  import("./lib/server-node-options.mjs"),
]);

const compiled = path.resolve(".server", "worker.mjs");
if (!fs.existsSync(compiled)) {
  console.error("No production build here: run `npm run build` first (it compiles the job worker into .server/).");
  process.exit(1);
}

const worker = spawn(process.execPath, [compiled, ...process.argv.slice(2)], { stdio: "inherit", env: withServerNodeOptions(process.env) });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => worker.kill(signal));
worker.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
