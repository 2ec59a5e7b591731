#!/usr/bin/env node
// `npm run dev`: no configuration needed. Generates development secrets once (kept in .data/),
// migrates and seeds the database (embedded PGlite unless DATABASE_URL is set), then starts
// `next dev` with the same environment.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { devPort } from "./lib/dev-port.mjs";

const secretsFile = path.resolve(process.env.DEV_SECRETS_FILE ?? ".data/dev-secrets.json");
function devSecrets() {
  let stored = {};
  try {
    stored = JSON.parse(fs.readFileSync(secretsFile, "utf8"));
  } catch {
    // first run
  }
  for (const name of ["NEXTAUTH_SECRET", "API_KEY_SECRET"]) stored[name] ??= crypto.randomBytes(32).toString("base64url");
  fs.mkdirSync(path.dirname(secretsFile), { recursive: true });
  fs.writeFileSync(secretsFile, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return stored;
}

const port = devPort(process.argv.slice(2), process.env);
const env = { ...devSecrets(), NEXTAUTH_URL: `http://localhost:${port}`, ...process.env };
const tsx = path.resolve("node_modules/.bin/tsx");

const setup = spawnSync(tsx, ["scripts/db-seed.ts"], { stdio: "inherit", env });
if (setup.status !== 0) process.exit(setup.status ?? 1);

const next = spawn(path.resolve("node_modules/.bin/next"), ["dev", "--port", port, ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => next.kill(signal));
next.on("exit", (code) => process.exit(code ?? 0));
