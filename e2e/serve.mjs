#!/usr/bin/env node
// Playwright's web server: the production build on a fresh database. PostgreSQL when
// TEST_DATABASE_URL or DATABASE_URL names a server (a database `<name>_e2e` is recreated there),
// otherwise embedded PGlite in a new temporary folder. Builds first if there is no build.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const port = process.env.E2E_PORT ?? "3200";
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  NEXTAUTH_URL: `http://localhost:${port}`,
  NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET ?? "e2e-nextauth-secret-0123456789abcdef0123456789",
  API_KEY_SECRET: process.env.E2E_API_KEY_SECRET ?? "e2e-api-key-secret-0123456789abcdef0123456789",
};

async function freshPostgres(baseUrl) {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || "postgres"}_e2e`;
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (serverUrl) {
  env.DATABASE_URL = await freshPostgres(serverUrl);
} else {
  delete env.DATABASE_URL;
  env.PGLITE_DATA_DIR = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wsp-e2e-")), "pglite");
}

if (!fs.existsSync(".next/BUILD_ID")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["scripts/start.mjs", "--port", port], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
