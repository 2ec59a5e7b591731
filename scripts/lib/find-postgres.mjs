#!/usr/bin/env node
// Which PostgreSQL server the tests use, so that `npm test` (and `npx vitest` or `npx playwright
// test` run by hand) need no environment variable on a machine where PostgreSQL runs as the
// README describes. In order: TEST_DATABASE_URL, DATABASE_URL (taken as given), then the usual
// local servers, each probed: TCP 127.0.0.1:5432 as `postgres`, then the local socket as the
// current OS user. A probed server counts only if its role may create databases, because every
// test file and the browser run get databases of their own. None found: embedded PGlite, which
// TEST_DATABASE=pglite also chooses on a machine that has PostgreSQL.
//
// Run as a script it prints the answer as JSON, which is how the synchronous callers
// (playwright.config.ts) ask without an event loop of their own.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import pg from "pg";

const SOCKET_DIRS = ["/var/run/postgresql", "/run/postgresql", "/tmp"];

function currentUser() {
  try {
    return os.userInfo().username;
  } catch {
    return undefined;
  }
}

/** The servers worth trying on this machine, most likely first. */
export function localCandidates() {
  const candidates = ["postgresql://postgres@127.0.0.1:5432/postgres"];
  const user = currentUser();
  for (const dir of SOCKET_DIRS) {
    if (!fs.existsSync(`${dir}/.s.PGSQL.5432`)) continue;
    for (const role of [user, "postgres"].filter(Boolean)) {
      candidates.push(`postgresql://${encodeURIComponent(role)}@localhost/postgres?host=${encodeURIComponent(dir)}`);
    }
  }
  return [...new Set(candidates)];
}

async function mayCreateDatabases(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    const { rows } = await client.query("SELECT rolsuper OR rolcreatedb AS ok FROM pg_roles WHERE rolname = current_user");
    return rows[0]?.ok === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * @returns {Promise<{ url: string | undefined; source: string; tried: string[] }>} `url` undefined
 *   means embedded PGlite.
 */
export async function findPostgres(env = process.env) {
  if (env.TEST_DATABASE === "pglite") return { url: undefined, source: "TEST_DATABASE=pglite", tried: [] };
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, source: "TEST_DATABASE_URL", tried: [] };
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, source: "DATABASE_URL", tried: [] };
  const tried = [];
  for (const candidate of localCandidates()) {
    tried.push(candidate);
    if (await mayCreateDatabases(candidate)) return { url: candidate, source: "found running locally", tried };
  }
  return { url: undefined, source: "no PostgreSQL found", tried };
}

/** findPostgres for callers that cannot await: asks this file, run as a script. */
export function findPostgresSync(env = process.env) {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { env, encoding: "utf8", timeout: 30_000 });
  if (result.status !== 0) throw new Error(`Looking for PostgreSQL failed: ${result.stderr || result.error}`);
  return JSON.parse(result.stdout);
}

/** A line for the log: which database the tests run on, and why. */
export function describeDatabase({ url, source, tried }) {
  if (url) return `PostgreSQL at ${redact(url)} (${source})`;
  if (tried.length === 0) return `embedded PGlite (${source})`;
  return `embedded PGlite (no PostgreSQL found; tried ${tried.map(redact).join(", ") || "nothing"})`;
}

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url;
  }
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(await findPostgres()));
}
