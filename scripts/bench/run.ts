// `npm run bench`: throughput of authenticated `GET /api/v1/posts?limit=20` on the production
// build, beside a bare node:http + pg server doing the same two queries (the machine's limit).
// Run `npm run bench -- --help` for the options.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { applyMigrations } from "@/lib/db/migrate";
import { openSql } from "@/lib/db/sql";
import { generateKey, hashKey, keyHint } from "@/lib/keys/format";
import type { LoadResult } from "./load";
import { SERVER_NODE_FLAGS } from "../lib/server-node-options.mjs";

const HELP = `npm run bench [-- options]

Seeds a workspace with 100,000 posts in PostgreSQL, starts the production build and a bare
node:http + pg server, and loads each in turn with authenticated GET /api/v1/posts?limit=20
(keep-alive connections, warm-up, then a measured run). Prints req/s, latency, errors, peak
server RSS and the ratio product/bare. Exits non-zero only when something failed (errors,
non-2xx answers, a server that does not start), never for missing the target.

Options
  --duration <s>      measured seconds per server (default 20)
  --warmup <s>        warm-up seconds before each measurement (default 5)
  --connections <n>   concurrent keep-alive connections (default 32)
  --rounds <n>        product, bare, product, bare... n times each; medians summarise (default 1)
  --posts <n>         posts to seed (default 100000)
  --skip-seed         keep the existing bench database (only a fresh API key is issued)
  --only <which>      product or bare
  --build             run \`npm run build\` first even when a build exists
  --no-build          use the existing build even when sources are newer than it
  --cpu-prof <dir>    write a V8 CPU profile of the product server into <dir>
  --max-steal <pct>   measurements during which the hypervisor stole more CPU than this are
                      marked * and left out of the medians and the ratio while a cleaner one
                      of the same server exists (default 10)
  --path <path>       what to load (default /api/v1/posts?limit=20; must answer a page of 20)
  -h, --help          this text

Environment
  BENCH_DATABASE_URL  server and database to (re)create
                      (default postgresql://postgres@127.0.0.1:5432/bench)
  DATABASE_POOL_SIZE  connection pool of both servers (default 10, as in production)`;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    rounds: { type: "string", default: "1" },
    posts: { type: "string", default: "100000" },
    "skip-seed": { type: "boolean", default: false },
    only: { type: "string" },
    build: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    "cpu-prof": { type: "string" },
    "max-steal": { type: "string", default: "10" },
    path: { type: "string", default: "/api/v1/posts?limit=20" },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(HELP);
  process.exit(0);
}

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number of at least 1 (got ${value}).`);
    process.exit(2);
  }
  return n;
}

const DURATION = positiveInt("duration", args.duration);
const WARMUP = Number(args.warmup) >= 0 ? Number(args.warmup) : 5;
const CONNECTIONS = positiveInt("connections", args.connections);
const ROUNDS = positiveInt("rounds", args.rounds);
const POSTS = positiveInt("posts", args.posts);
const MAX_STEAL = Number(args["max-steal"]) >= 0 ? Number(args["max-steal"]) : 10;
if (args.only && args.only !== "product" && args.only !== "bare") {
  console.error("--only takes product or bare.");
  process.exit(2);
}

const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/bench";
// Fixed secrets: the bench database is disposable and the key is issued afresh on every run.
const API_KEY_SECRET = "bench-api-key-secret-0123456789abcdef0123456789";
const NEXTAUTH_SECRET = "bench-nextauth-secret-0123456789abcdef0123456789";
const WORKSPACE_ID = "bench_workspace";
const OWNER_ID = "bench_owner";
const PATH = args.path;
const ROOT = process.cwd();
const NODE = process.execPath;

// ---------------------------------------------------------------------------------------------
// Child processes: each server gets its own process group, so stopping it stops whatever it forked.

const children = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

process.on("exit", () => {
  for (const child of children) killGroup(child, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers.`);
    for (const child of children) killGroup(child, "SIGTERM");
    process.exit(130);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return void children.delete(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Database

function databaseUrl(name: string): string {
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function seed(): Promise<string> {
  const name = new URL(DATABASE_URL).pathname.slice(1) || "bench";
  const started = Date.now();
  if (!args["skip-seed"]) {
    const admin = new pg.Client({ connectionString: databaseUrl("postgres") });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const conn = await openSql({ kind: "postgres", url: DATABASE_URL });
    try {
      await applyMigrations(conn);
    } finally {
      await conn.close();
    }
  }

  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    if (!args["skip-seed"]) {
      await client.query("BEGIN");
      await client.query(`INSERT INTO "User" (id, email, name, "updatedAt") VALUES ($1, 'bench-owner@example.test', 'Bench owner', now())`, [OWNER_ID]);
      await client.query(`INSERT INTO "Workspace" (id, slug, name, plan, "updatedAt") VALUES ($1, 'bench', 'Bench', 'PRO', now())`, [WORKSPACE_ID]);
      await client.query(`INSERT INTO "Membership" (id, "workspaceId", "userId", role, "updatedAt") VALUES ('bench_membership', $1, $2, 'OWNER', now())`, [WORKSPACE_ID, OWNER_ID]);
      await client.query(`INSERT INTO "Board" (id, "workspaceId", name, slug, "updatedAt") VALUES ('bench_board', $1, 'Feedback', 'feedback', now())`, [WORKSPACE_ID]);
      // One statement, no round trip per row: 100,000 posts take a second or two. Distinct
      // timestamps one second apart, newest first by number; realistic title and body sizes.
      await client.query(
        `INSERT INTO "Post" (id, "workspaceId", "boardId", "authorId", title, body, status, tags, "voteCount", "commentCount", "createdAt", "updatedAt")
         SELECT 'bench_post_' || lpad(i::text, 7, '0'), $1, 'bench_board', $2,
                'Feature request number ' || i || ': make the dashboard faster',
                repeat('Please consider this idea; it would help our team a lot. ', 3),
                (enum_range(NULL::"PostStatus"))[1 + i % 6],
                ARRAY['tag' || (i % 10), 'area' || (i % 7)],
                (i * 7919) % 500, i % 13,
                timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i),
                timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i)
         FROM generate_series(1, $3::int) AS i`,
        [WORKSPACE_ID, OWNER_ID, POSTS],
      );
      await client.query("COMMIT");
      await client.query("VACUUM ANALYZE");
    } else {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Post" WHERE "workspaceId" = $1`, [WORKSPACE_ID]);
      if (!rows[0] || rows[0].n === 0) throw new Error(`--skip-seed: ${DATABASE_URL} has no bench posts; run once without it.`);
    }
    // A fresh key on every run: only its hash is stored, and the run needs the key itself.
    const key = generateKey();
    await client.query(`DELETE FROM "ApiKey" WHERE "workspaceId" = $1`, [WORKSPACE_ID]);
    await client.query(
      `INSERT INTO "ApiKey" (id, "workspaceId", name, hint, hash, scopes, "createdById") VALUES ('bench_key', $1, 'bench', $2, $3, $4, $5)`,
      [WORKSPACE_ID, keyHint(key), hashKey(key, API_KEY_SECRET), ["posts:read"], OWNER_ID],
    );
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Post" WHERE "workspaceId" = $1`, [WORKSPACE_ID]);
    console.log(`Database ${DATABASE_URL}: ${rows[0]!.n.toLocaleString("en")} posts (${args["skip-seed"] ? "kept" : "seeded"} in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
    return key;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Build

const SOURCES = ["app", "lib", "components", "proxy.ts", "instrumentation.ts", "next.config.mjs", "prisma/schema.prisma", "package-lock.json"];

function newestSource(entry: string): number {
  const full = path.join(ROOT, entry);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(full)) {
    if (child === "generated" || child.startsWith(".")) continue;
    newest = Math.max(newest, newestSource(path.join(entry, child)));
  }
  return newest;
}

function ensureBuild() {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  let reason: string | undefined;
  if (args.build) reason = "--build";
  else if (!fs.existsSync(buildId)) reason = "no build yet";
  else if (!args["no-build"] && Math.max(...SOURCES.map(newestSource)) > fs.statSync(buildId).mtimeMs) reason = "sources are newer than the build";
  if (!reason) return;
  console.log(`Building (${reason})...`);
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error("npm run build failed.");
}

// ---------------------------------------------------------------------------------------------
// Servers and measurement

interface Target {
  name: "product" | "bare";
  label: string;
  start(port: number): ChildProcess;
}

function serverEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL,
    API_KEY_SECRET,
    NEXTAUTH_SECRET,
    // The contract's 100 per minute would turn the run into 429s; the limiter still counts.
    RATE_LIMIT_PER_MINUTE: "100000000",
  };
  // The in-process limiter, as on a single instance: this measures the app, not a Redis round trip.
  delete env.UPSTASH_REDIS_REST_URL;
  delete env.UPSTASH_REDIS_REST_TOKEN;
  return env;
}

function spawnServer(command: string[], env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const prefix = (text: string) => text.split("\n").filter(Boolean).map((line) => `  [${label}] ${line}`).join("\n");
  child.stdout!.on("data", (chunk: Buffer) => {
    if (process.env.BENCH_VERBOSE) console.log(prefix(chunk.toString()));
  });
  child.stderr!.on("data", (chunk: Buffer) => console.error(prefix(chunk.toString())));
  return child;
}

const TARGETS: Target[] = [
  {
    name: "product",
    label: "product (next start)",
    start(port) {
      const profile: string[] = [];
      if (args["cpu-prof"]) {
        const dir = path.resolve(args["cpu-prof"]);
        fs.mkdirSync(dir, { recursive: true });
        profile.push("--cpu-prof", `--cpu-prof-dir=${dir}`); // not allowed in NODE_OPTIONS
      }
      const next = ["node_modules/next/dist/bin/next", "start", "--port", String(port), "--hostname", "127.0.0.1"];
      // Launched as `npm start` launches it, without the wrapper process (its RSS is not the app's).
      return spawnServer([NODE, ...SERVER_NODE_FLAGS, ...profile, ...next], serverEnv(port), "product");
    },
  },
  {
    name: "bare",
    label: "bare (node:http + pg)",
    start(port) {
      return spawnServer([NODE, "--import", "tsx", "scripts/bench/bare-server.ts"], serverEnv(port), "bare");
    },
  },
];

function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // exited meanwhile
    }
  }
  const pids: number[] = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop()!;
    pids.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** Resident memory of a process and all its descendants, in bytes. */
function treeRss(rootPid: number): number {
  let total = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Machine-wide CPU ticks from /proc/stat: all of them, and those stolen by the hypervisor. */
function machineTicks(): { total: number; steal: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
}

/**
 * CPU seconds (user + system) used so far by a process tree. CPU ms per request moves less than
 * req/s with what else the machine is doing, though a starved or stolen-from CPU inflates it too.
 */
function treeCpuSeconds(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // exited meanwhile
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

async function waitUntilServing(url: string, key: string, child: ChildProcess): Promise<unknown> {
  const deadline = Date.now() + 90_000;
  let last = "";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering.`);
    try {
      const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      const body = await response.json();
      if (response.status === 200) return body;
      last = `HTTP ${response.status}: ${JSON.stringify(body)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no 200 from ${url} within 90 s (last: ${last}).`);
}

interface Measurement {
  target: Target;
  result: LoadResult;
  rssMiB: number;
  /** Server CPU time per answered request over the measured window, in ms. */
  cpuMsPerRequest: number;
  /** Share of the machine's CPU time the hypervisor gave to others during the window, in %. */
  stealPercent: number;
  load: string;
}

function runLoadProcess(url: string, key: string, onPhase: (phase: string) => void): Promise<LoadResult> {
  const options = { url, headers: { authorization: `Bearer ${key}` }, connections: CONNECTIONS, warmupSeconds: WARMUP, durationSeconds: DURATION };
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ["--import", "tsx", "scripts/bench/load.ts", JSON.stringify(options)], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    children.add(child);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      let newline;
      while ((newline = out.indexOf("\n")) !== -1 && !out.startsWith("{")) {
        onPhase(out.slice(0, newline));
        out = out.slice(newline + 1);
      }
    });
    child.on("exit", (code) => {
      children.delete(child);
      if (code !== 0) return reject(new Error(`the load generator exited with code ${code}.`));
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1)!) as LoadResult);
      } catch {
        reject(new Error(`the load generator printed no result: ${out}`));
      }
    });
  });
}

const samples = new Map<Target["name"], unknown>();

async function measure(target: Target, key: string): Promise<Measurement> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}${PATH}`;
  const child = target.start(port);
  try {
    const sample = await waitUntilServing(url, key, child);
    checkSample(target, sample);
    let peak = treeRss(child.pid!);
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid!))), 250);
    const load = loadAverage();
    process.stdout.write(`  ${target.label}: ${WARMUP} s warm-up + ${DURATION} s measured, ${CONNECTIONS} connections (load ${load})... `);
    const cpu = { start: 0, end: 0 };
    let machine = { start: machineTicks(), end: machineTicks() };
    const result = await runLoadProcess(url, key, (phase) => {
      if (phase === "measuring") {
        cpu.start = treeCpuSeconds(child.pid!);
        machine = { start: machineTicks(), end: machineTicks() };
      }
      if (phase === "done") {
        cpu.end = treeCpuSeconds(child.pid!);
        machine.end = machineTicks();
      }
    }).finally(() => clearInterval(sampler));
    const stealPercent = (100 * (machine.end.steal - machine.start.steal)) / Math.max(1, machine.end.total - machine.start.total);
    peak = Math.max(peak, treeRss(child.pid!));
    const cpuMsPerRequest = ((cpu.end - cpu.start) * 1000) / Math.max(1, result.requests);
    console.log(`${result.rps.toFixed(0)} req/s, ${cpuMsPerRequest.toFixed(2)} CPU ms/request, ${stealPercent.toFixed(0)}% CPU stolen`);
    return { target, result, rssMiB: peak / 1024 / 1024, cpuMsPerRequest, stealPercent, load };
  } finally {
    await stop(child);
  }
}

// Both servers must answer the same thing, or the comparison means nothing.
function checkSample(target: Target, body: unknown) {
  const page = body as { success?: boolean; data?: unknown[]; pagination?: { hasMore?: boolean } };
  if (page.success !== true || page.data?.length !== 20 || page.pagination?.hasMore !== true) {
    throw new Error(`${target.label} answered an unexpected body: ${JSON.stringify(body).slice(0, 300)}`);
  }
  samples.set(target.name, body);
  const product = samples.get("product");
  const bare = samples.get("bare");
  if (product && bare && PATH === "/api/v1/posts?limit=20" && JSON.stringify(product) !== JSON.stringify(bare)) {
    throw new Error("the bare server's body differs from the product's; fix scripts/bench/bare-server.ts.");
  }
}

function loadAverage(): string {
  return os.loadavg().map((n) => n.toFixed(2)).join(" ");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function row(cells: (string | number)[]): string {
  const widths = [24, 9, 9, 9, 9, 9, 8, 9, 8, 7];
  return cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join(" ");
}

function report(measurements: Measurement[]) {
  console.log("");
  console.log(row(["server", "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "non-2xx", "RSS MiB", "CPU ms", "steal%"]).concat("   errors"));
  for (const { target, result, rssMiB, cpuMsPerRequest, stealPercent } of measurements) {
    const l = result.latencyMs;
    console.log(
      row([
        target.label,
        result.rps.toFixed(1),
        l.p50.toFixed(1),
        l.p90.toFixed(1),
        l.p99.toFixed(1),
        l.max.toFixed(1),
        result.non2xx,
        rssMiB.toFixed(0),
        cpuMsPerRequest.toFixed(2),
        `${stealPercent > MAX_STEAL ? "*" : ""}${stealPercent.toFixed(0)}`,
      ]).concat(`   ${result.errors}`),
    );
  }
  const all = (name: Target["name"]) => measurements.filter((m) => m.target.name === name);
  // A measurement the hypervisor starved says more about the neighbours than about the server.
  const clean = (list: Measurement[]) => {
    const kept = list.filter((m) => m.stealPercent <= MAX_STEAL);
    return kept.length ? kept : list;
  };
  const product = clean(all("product"));
  const bare = clean(all("bare"));
  const dropped = measurements.length - product.length - bare.length;
  if (dropped > 0) console.log(`(* steal over ${MAX_STEAL}%: ${dropped} measurement(s) left out of the medians below)`);
  for (const list of [product, bare]) {
    if (list.length && list.every((m) => m.stealPercent > MAX_STEAL)) {
      console.log(`warning: every ${list[0]!.target.name} measurement had steal over ${MAX_STEAL}%; its figures are unreliable`);
    }
  }
  if (ROUNDS > 1) {
    for (const list of [product, bare]) {
      if (list.length === 0) continue;
      const rps = list.map((m) => m.result.rps);
      console.log(
        row([
          `median ${list[0]!.target.name}`,
          median(rps).toFixed(1),
          median(list.map((m) => m.result.latencyMs.p50)).toFixed(1),
          median(list.map((m) => m.result.latencyMs.p90)).toFixed(1),
          median(list.map((m) => m.result.latencyMs.p99)).toFixed(1),
          "",
          "",
          Math.max(...list.map((m) => m.rssMiB)).toFixed(0),
          median(list.map((m) => m.cpuMsPerRequest)).toFixed(2),
          median(list.map((m) => m.stealPercent)).toFixed(0),
        ]).concat(`   (req/s ${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)})`),
      );
    }
  }
  if (product.length && bare.length) {
    const allProduct = all("product");
    const allBare = all("bare");
    const ratios = allProduct.map((p, i) => {
      const b = allBare[i] ?? allBare[0]!;
      return `${(p.result.rps / b.result.rps).toFixed(2)}${p.stealPercent > MAX_STEAL || b.stealPercent > MAX_STEAL ? "*" : ""}`;
    });
    const ratio = median(product.map((m) => m.result.rps)) / median(bare.map((m) => m.result.rps));
    const perRound = ROUNDS > 1 ? ` (per round: ${ratios.join(", ")})` : "";
    console.log(`\nratio product/bare: ${ratio.toFixed(2)}${perRound}`);
    const p99 = median(product.map((m) => m.result.latencyMs.p99));
    const rss = Math.max(...product.map((m) => m.rssMiB));
    const mark = (ok: boolean) => (ok ? "met" : "MISSED");
    const cpuRatio = median(bare.map((m) => m.cpuMsPerRequest)) / median(product.map((m) => m.cpuMsPerRequest));
    console.log(`server CPU per request, bare/product: ${cpuRatio.toFixed(2)} (steadier than req/s on a busy machine; PostgreSQL excluded)`);
    console.log(`target: ratio ≥ 0.25 ${mark(ratio >= 0.25)} · p99 ≤ 150 ms ${mark(p99 <= 150)} · RSS ≤ 400 MiB ${mark(rss <= 400)}`);
  }
  console.log(
    `machine: ${os.cpus().length} cores, load average now ${loadAverage()}; other work on the machine, and CPU time stolen by ` +
      "the hypervisor (steal%), slow both servers and move the figures between runs",
  );
}

async function main() {
  console.log(`Benchmark: GET ${PATH}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s, ${ROUNDS} round(s); load average ${loadAverage()}, ${os.cpus().length} cores`);
  const key = await seed();
  const targets = TARGETS.filter((t) => !args.only || t.name === args.only);
  if (targets.some((t) => t.name === "product")) ensureBuild();
  const measurements: Measurement[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`Round ${round}/${ROUNDS}`);
    for (const target of targets) measurements.push(await measure(target, key));
  }
  report(measurements);
  const failed = measurements.filter((m) => m.result.errors > 0 || m.result.non2xx > 0);
  for (const m of failed) {
    console.error(`${m.target.label}: ${m.result.errors} errors, ${m.result.non2xx} non-2xx (${JSON.stringify(m.result.statuses)}) ${m.result.errorSamples.join("; ")}`);
  }
  if (args["cpu-prof"]) console.log(`CPU profile(s) of the product server in ${path.resolve(args["cpu-prof"])}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
