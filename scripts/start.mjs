#!/usr/bin/env node
// `npm start`: refuses to run on an older Node.js, without production secrets or without a choice
// about mail, applies pending migrations, then serves the production build with the production
// server, all compiled JavaScript made by `npm run build` (.server/): no TypeScript loader runs.
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

// Loaded only once the version is known to be supported.
const [{ spawn, spawnSync }, fs, path, { productionStartCheck }, { withServerNodeOptions }] = await Promise.all([
  import("node:child_process"),
  import("node:fs"),
  import("node:path"),
  import("../lib/platform/config/production-checks.mjs"),
  import("./lib/server-node-options.mjs"),
]);

// Before anything is launched: the secrets, and how mail goes out or the operator's explicit choice
// of none (the same check the compiled server makes when a container starts it directly).
const check = productionStartCheck(process.env);
if (!check.ok) {
  console.error(check.message);
  process.exit(1);
}
console.log(JSON.stringify({ level: 30, time: new Date().toISOString(), pid: process.pid, msg: check.mailLine }));

const compiled = (name) => path.resolve(".server", `${name}.mjs`);
if (!fs.existsSync(compiled("server"))) {
  console.error("No production build here: run `npm run build` first (it compiles the server into .server/).");
  process.exit(1);
}

if (process.env.SKIP_MIGRATIONS !== "1") {
  const migrate = spawnSync(process.execPath, [compiled("db-migrate")], { stdio: "inherit" });
  if (migrate.status !== 0) process.exit(migrate.status ?? 1);
}

// One process, whose arguments (--port, --hostname) pass through, launched with the memory settings
// only a process's start can apply (scripts/lib/server-node-options.mjs).
const server = spawn(process.execPath, [compiled("server"), ...process.argv.slice(2)], {
  stdio: "inherit",
  env: withServerNodeOptions({ NODE_ENV: "production", ...process.env }),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
