import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { adminQuery, testServerUrl } from "../support/test-database";

// docs/self-hosting.md as an operator copies it: the PostgreSQL block, then the production block,
// run by bash line for line against a database that does not exist yet, must end with a server
// that answers; the systemd unit and the Caddyfile shipped beside it must pass their own tools'
// checks, and Caddy must start in front of that server. The only changes are the operator's own:
// their host, names and password in place of the guide's placeholders, and `npm ci` / `npm run
// build` left out because this checkout is already installed and built by the same commands.
// Needs `npm run build`; skipped without one.
const built = fs.existsSync(".next/BUILD_ID");
const GUIDE = fs.readFileSync("docs/self-hosting.md", "utf8");

/** The first ```sh block after the heading `## {heading}`. */
function block(heading: string): string {
  const section = GUIDE.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  const match = section && /```sh\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error(`no sh block under "## ${heading}" in docs/self-hosting.md`);
  return match[1]!;
}

/** Replaces each placeholder, failing when the guide no longer has it (the test would test nothing). */
function fill(text: string, replacements: [RegExp, string][]): string {
  return replacements.reduce((current, [from, to]) => {
    expect(current, `docs/self-hosting.md no longer contains ${from}`).toMatch(from);
    return current.replace(from, to);
  }, text);
}

const running: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
});

async function answers(url: string, waitMs: number, child: ChildProcess, output: () => string): Promise<Response> {
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    const response = await fetch(url, { redirect: "manual" }).catch(() => null);
    if (response) return response;
    if (waited > waitMs) throw new Error(`${url} did not answer within ${waitMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function start(command: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(command[0]!, command.slice(1), { env: env as NodeJS.ProcessEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  running.push(child);
  return { child, output: () => output.slice(-4000) };
}

const server = testServerUrl();

describe.skipIf(!built || !server)("docs/self-hosting.md, run as written", () => {
  it("the PostgreSQL block makes the role and database, the production block serves on them, and Caddy starts in front", { timeout: 300_000 }, async () => {
    const url = new URL(server!);
    const name = `wsp_guide_${crypto.randomBytes(4).toString("hex")}`;
    const password = crypto.randomBytes(12).toString("hex");
    const port = await freePort();
    cleanups.push(
      () => adminQuery(server!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      () => adminQuery(server!, `DROP ROLE IF EXISTS ${name}`),
    );
    const host: [RegExp, string] = [/\bdb-host\b/g, url.hostname];
    const names: [RegExp, string][] = [
      [/change-me/g, password],
      [/\bworkspace\b/g, name],
    ];
    const script = [
      "set -euo pipefail",
      // The checkout is installed and built already, by the very commands the block names.
      'npm() { if [ "$1" = ci ] || [ "$*" = "run build" ]; then echo "(already done: npm $*)"; else command npm "$@"; fi; }',
      fill(block("PostgreSQL"), [host, [/-U postgres/g, `-U ${decodeURIComponent(url.username) || "postgres"}`], ...names]),
      fill(block("Deploying"), [[/https:\/\/workspace\.example\.com/g, `http://127.0.0.1:${port}`], host, [/:5432\//g, `:${url.port || "5432"}/`], ...names]),
    ].join("\n");
    const guide = start(["bash", "-c", script], { PATH: process.env.PATH!, HOME: os.homedir(), PORT: String(port), LOG_LEVEL: "warn" });

    const health = await answers(`http://127.0.0.1:${port}/api/health`, 240_000, guide.child, guide.output);
    expect(health.status, guide.output()).toBe(200);
    expect((await health.json()).status).toBe("ok");
    // A fresh database: npm start applied every migration to it, as the role the guide made.
    const migrations = fs.readdirSync("prisma/migrations").filter((entry) => fs.existsSync(path.join("prisma/migrations", entry, "migration.sql")));
    const asApp = new URL(server!);
    Object.assign(asApp, { username: name, password, pathname: `/${name}` });
    const client = new pg.Client({ connectionString: asApp.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM "_prisma_migrations" WHERE finished_at IS NOT NULL');
      expect(Number(rows[0]!.count)).toBe(migrations.length);
    } finally {
      await client.end();
    }
    expect((await fetch(`http://127.0.0.1:${port}/sign-in`)).status).toBe(200);

    // Caddy in front: the shipped file, with a local address in place of the public name (no
    // certificate to obtain here) and the app's port.
    const caddy = spawnSync("caddy", ["version"], { encoding: "utf8" });
    expect(caddy.status, "caddy is not installed (.ci/run installs it)").toBe(0);
    const caddyPort = await freePort();
    const caddyDir = fs.mkdtempSync(path.join(os.tmpdir(), "caddy-"));
    const caddyfile = fill(fs.readFileSync("docs/deploy/Caddyfile", "utf8"), [
      [/^workspace\.example\.com \{/m, `{\n\tadmin off\n\tstorage file_system ${caddyDir}\n}\n\nhttp://127.0.0.1:${caddyPort} {`],
      [/reverse_proxy 127\.0\.0\.1:3000/, `reverse_proxy 127.0.0.1:${port}`],
    ]);
    fs.writeFileSync(path.join(caddyDir, "Caddyfile"), caddyfile);
    const front = start(["caddy", "run", "--config", path.join(caddyDir, "Caddyfile"), "--adapter", "caddyfile"], { PATH: process.env.PATH!, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir });
    const through = await answers(`http://127.0.0.1:${caddyPort}/api/health`, 30_000, front.child, front.output);
    expect(through.status, front.output()).toBe(200);
    expect(through.headers.get("server")).toBe("Caddy");
  });

  it("the shipped Caddyfile is valid as written, with its public name and automatic TLS", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "caddy-"));
    const result = spawnSync("caddy", ["validate", "--config", "docs/deploy/Caddyfile", "--adapter", "caddyfile"], { encoding: "utf8", env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home } });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout + result.stderr).toContain("Valid configuration");
  });

  it("the shipped systemd unit passes systemd-analyze verify without a warning", () => {
    const result = spawnSync("systemd-analyze", ["verify", "docs/deploy/workspace.service"], { encoding: "utf8" });
    expect(result.error, "systemd-analyze is not installed (.ci/run installs it)").toBeUndefined();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr.trim()).toBe("");
  });
});
