// `npm run bench`: the hot paths of the production build under load, one scenario after another,
// each with req/s, latency, peak RSS and server CPU per request; beside the three scenarios where
// a framework-free twin means something (posts list, search, cached public status), a bare
// node:http + pg server doing the same work, and the ratio product/bare of the same round.
// Run `npm run bench -- --help` for the options.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { floodLongLines } from "./flood";
import { resultOfAnswers, runLoad, type LoadRequest, type LoadResult } from "./load";
import { SCENARIOS, type Scenario, type ScenarioContext } from "./scenarios";
import { describeMonitorBench, runMonitorBench } from "./monitors";
import { describeWebhookBench, runWebhookBench } from "./webhooks";
import { nginxBinary, nginxCommand } from "./nginx";
import { removeWrittenPosts, seedBench, vacuumChurnedTables } from "./seed";
import { targetsTable, type Summary } from "./targets";
import { withServerNodeOptions } from "../lib/server-node-options.mjs";

const HELP = `npm run bench [-- options]

Seeds a PRO workspace (posts, a post with 100 comments and 100 voters, todos, a status
page) in PostgreSQL, starts the production build, and loads each scenario in turn (autocannon: keep-alive
connections, a warm-up, then a measured run); then the same for the bare node:http + pg twins.
Prints per scenario req/s, p50/p99 latency, peak server RSS, server CPU ms per request and the
ratio product/bare, then the targets table: each target, what was measured, met or not. Exits non-zero only when something failed (errors, unexpected statuses, a
server that does not start), never for missing a target.

Scenarios: ${SCENARIOS.map((s) => s.name).join(", ")}

Options
  --duration <s>      measured seconds per scenario (default 10)
  --soak <s>          measured seconds of the mixed scenario, whose peak RSS is the memory
                      figure (default 60)
  --warmup <s>        warm-up seconds before each measurement (default 3)
  --connections <n>   concurrent keep-alive connections (default 32; inbox-html uses 8)
  --flood <n>         requests of the long-request-lines scenario (default 10000)
  --rounds <n>        every scenario n times, product then bare each round; medians summarise (default 1)
  --posts <n>         posts to seed (default 100000; 1000000 takes a few minutes)
  --scenarios <list>  comma-separated names to run (default: all)
  --worker <where>    in-process (default) or separate: the product's job worker in its own
                      process (JOBS_IN_PROCESS=false and \`npm run worker\`)
  --webhooks          also the webhook write scenario (scripts/bench/webhooks.ts), on the product
  --migration         also the migration bench (scripts/bench/migration.ts): export → import of
                      100k posts, 1M votes, 200k comments, and the export of 1M posts
  --migration-only    the migration bench alone
  --monitors          also the monitor scenario (scripts/bench/monitors.ts): 1,000 HTTP monitors at
                      30 s on the product; with --scenarios none, only it
  --skip-seed         keep the existing bench database (a fresh API key and session are issued)
  --only <which>      product or bare
  --build             run \`npm run build\` first even when a build exists
  --no-build          use the existing build even when sources are newer than it
  --cpu-prof <dir>    write a V8 CPU profile of the product server into <dir>
  --max-steal <pct>   measurements during which the hypervisor stole more CPU than this are
                      marked * and left out of the medians (default 10)
  -h, --help          this text

Environment
  BENCH_BODIES        a directory to write each scenario's sample answer into (to look at what a page sends)
  BENCH_DATABASE_URL  server and database to (re)create
                      (default postgresql://postgres@127.0.0.1:5432/bench)
  DATABASE_POOL_SIZE  connection pool of both servers (default 10, as in production)`;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    soak: { type: "string", default: "60" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    flood: { type: "string", default: "10000" },
    rounds: { type: "string", default: "1" },
    posts: { type: "string", default: "100000" },
    scenarios: { type: "string" },
    "skip-seed": { type: "boolean", default: false },
    only: { type: "string" },
    build: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    "cpu-prof": { type: "string" },
    "max-steal": { type: "string", default: "10" },
    webhooks: { type: "boolean", default: false },
    migration: { type: "boolean", default: false },
    "migration-only": { type: "boolean", default: false },
    monitors: { type: "boolean", default: false },
    worker: { type: "string", default: "in-process" },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});

if (args.worker !== "in-process" && args.worker !== "separate") {
  console.error(`--worker is in-process or separate, not ${args.worker}`);
  process.exit(2);
}

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
const SOAK = positiveInt("soak", args.soak);
const WARMUP = Number(args.warmup) >= 0 ? Number(args.warmup) : 3;
const CONNECTIONS = positiveInt("connections", args.connections);
const ROUNDS = positiveInt("rounds", args.rounds);
const FLOOD = positiveInt("flood", args.flood);
/** Characters of random query on each flood request: with the path, a request line of ~15 KiB (Node's header limit is 16 KiB). */
const FLOOD_LINE_BYTES = 15 * 1024 - 64;
/** When the flood's "after" reading is taken: three seconds after its last answer, the server at rest. */
const REST_READING_MS = 3000;
const POSTS = positiveInt("posts", args.posts);
const MAX_STEAL = Number(args["max-steal"]) >= 0 ? Number(args["max-steal"]) : 10;
if (args.only && args.only !== "product" && args.only !== "bare") {
  console.error("--only takes product or bare.");
  process.exit(2);
}
const wanted = args.scenarios?.split(",").map((name) => name.trim());
// "none": no load scenario at all, for a run of the --webhooks or --monitors scenario alone.
const unknown = wanted?.filter((name) => name !== "none" && !SCENARIOS.some((s) => s.name === name)) ?? [];
if (unknown.length) {
  console.error(`unknown scenario(s): ${unknown.join(", ")}; known: ${SCENARIOS.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const NGINX = nginxBinary();
const SELECTED = SCENARIOS.filter((s) => (!wanted || wanted.includes(s.name)) && (s.via !== "nginx" || NGINX));
const SKIPPED_NGINX = SCENARIOS.filter((s) => (!wanted || wanted.includes(s.name)) && s.via === "nginx" && !NGINX);

const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/bench";
// Fixed secrets: the bench database is disposable and the key is issued afresh on every run.
const API_KEY_SECRET = "bench-api-key-secret-0123456789abcdef0123456789";
const NEXTAUTH_SECRET = "bench-nextauth-secret-0123456789abcdef0123456789";
const ROOT = process.cwd();
const NODE = process.execPath;
const STATUS_FILE = path.join(os.tmpdir(), `bench-status-${process.pid}.json`);

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

/** Resident memory of processes and all their descendants, in bytes. */
function treeRss(rootPids: number[]): number {
  let total = 0;
  for (const pid of rootPids.flatMap(processTree)) {
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
function treeCpuSeconds(rootPids: number[]): number {
  let ticks = 0;
  for (const pid of rootPids.flatMap(processTree)) {
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

/** CPU seconds so far of one process's threads: its main thread, and all its other threads. */
function threadCpuSeconds(pid: number): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
      if (Number(tid) === pid) main += seconds;
      else others += seconds;
    } catch {
      // exited meanwhile
    }
  }
  return { main, others };
}

/** CPU seconds so far of every PostgreSQL process on the machine (backends, WAL writer, the rest). */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/**
 * Where the machine's CPU went so far, in seconds: the server's main thread (requests), its other
 * threads (the job worker's thread, the garbage collector's helpers), PostgreSQL, and this process
 * (the load generator and the webhook receivers).
 */
function cpuSplit(serverPid: number): Record<string, number> {
  const server = threadCpuSeconds(serverPid);
  const own = process.cpuUsage();
  return { "server main": server.main, "server threads": server.others, postgres: postgresCpuSeconds(), "bench process": (own.user + own.system) / 1e6 };
}

// ---------------------------------------------------------------------------------------------
// Servers

interface Server {
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
    // No mail goes out during a run; production asks for that choice to be said.
    MAIL_TRANSPORT: "none",
    // The contract's limits would turn the run into 429s; the limiters still count.
    RATE_LIMIT_PER_MINUTE: "100000000",
    PUBLIC_RATE_LIMIT_PER_MINUTE: "100000000",
    // Every load connection comes from this one address: its bodies in flight are not a slow client's.
    MAX_UPLOADS_PER_CLIENT: "100000",
    MAX_UPLOADS: "100000",
    // The webhook scenario's receivers listen on 127.0.0.1.
    ...(args.webhooks ? { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } : {}),
    // So do the monitor scenario's targets.
    ...(args.monitors ? { MONITOR_ALLOW_PRIVATE_NETWORKS: "true" } : {}),
    // `--worker separate`: the jobs run in their own process (`npm run worker`), as a deployment may.
    ...(args.worker === "separate" ? { JOBS_IN_PROCESS: "false" } : {}),
  };
  // The in-process limiter, as on a single instance: this measures the app, not a Redis round trip.
  delete env.UPSTASH_REDIS_REST_URL;
  delete env.UPSTASH_REDIS_REST_TOKEN;
  // Launched with the memory settings `npm start` gives the server (young generation, malloc arenas).
  return withServerNodeOptions(env);
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

const SERVERS: Server[] = [
  {
    name: "product",
    label: "product",
    start(port) {
      const profile: string[] = [];
      if (args["cpu-prof"]) {
        const dir = path.resolve(args["cpu-prof"]);
        fs.mkdirSync(dir, { recursive: true });
        profile.push("--cpu-prof", `--cpu-prof-dir=${dir}`); // not allowed in NODE_OPTIONS
      }
      // The production server as `npm start` launches it (scripts/start.mjs), without the wrapper
      // process (its RSS is not the app's).
      const server = [".server/server.mjs", "--port", String(port), "--hostname", "127.0.0.1"];
      return spawnServer([NODE, ...profile, ...server], serverEnv(port), "product");
    },
  },
  {
    name: "bare",
    label: "bare",
    start(port) {
      const env = { ...serverEnv(port), ...(fs.existsSync(STATUS_FILE) ? { BENCH_STATUS_FILE: STATUS_FILE } : {}) };
      return spawnServer([NODE, "--import", "tsx", "scripts/bench/bare-server.ts"], env, "bare");
    },
  },
];

async function sample(request: LoadRequest): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const response = await fetch(request.url, { method: request.method ?? "GET", headers: request.headers, body: request.body, redirect: "manual" });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

async function waitUntilServing(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  let last = "";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering.`);
    try {
      await fetch(`${base}/api/v1/posts`);
      return;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${base} within 90 s (last: ${last}).`);
}

// ---------------------------------------------------------------------------------------------
// Measurement

interface Measurement {
  scenario: Scenario;
  server: Server["name"];
  result: LoadResult;
  rssMiB: number;
  /** Server CPU time per answered request over the measured window, in ms. */
  cpuMsPerRequest: number;
  /** Share of the machine's CPU time the hypervisor gave to others during the window, in %. */
  stealPercent: number;
  /** A flood scenario's server RSS just before it and once it was over, in MiB. */
  rssBeforeMiB?: number;
  rssAfterMiB?: number;
}

const bodies = new Map<string, string>();
/** What each server answered of the mixed load, req/s: the capacity the overload scenario multiplies. */
const mixedCapacity = new Map<Server["name"], number>();

/** 503s: the server turning work away at the door under overload. */
const shedOf = (result: LoadResult) => result.statuses["503"] ?? 0;
/** Server errors other than shedding, and requests never answered (connection errors, timeouts). */
const failedOf = (result: LoadResult) =>
  result.errors + Object.entries(result.statuses).reduce((n, [status, count]) => n + (status.startsWith("5") && status !== "503" ? count : 0), 0);
const percentWithinSecond = (result: LoadResult) => (100 * result.withinSecond) / Math.max(1, result.requests + result.errors);

/** `processes`: the server, and the caching proxy in front of it for a proxied scenario (both counted). */
async function measure(server: Server, processes: ChildProcess[], scenario: Scenario, ctx: ScenarioContext): Promise<Measurement> {
  const pids = processes.map((child) => child.pid!);
  const request = scenario.request(ctx);
  const first = await sample(request);
  const problem = scenario.check(first.status, first.body);
  if (problem) throw new Error(`${server.label} ${scenario.name}: ${problem}`);
  for (const next of request.sequence?.slice(1) ?? []) {
    const answer = await sample(next);
    const wrong = scenario.checkRest?.(answer.status, answer.body) ?? null;
    if (wrong) throw new Error(`${server.label} ${scenario.name} (${new URL(next.url).pathname}): ${wrong}`);
  }
  // A twin must answer the same bytes, or the ratio compares different work.
  const key = scenario.name;
  if (server.name === "product") bodies.set(key, first.body);
  else if (bodies.has(key) && bodies.get(key) !== first.body) {
    const product = bodies.get(key)!;
    let at = 0;
    while (at < product.length && product[at] === first.body[at]) at++;
    throw new Error(
      `the bare server's ${scenario.name} body differs from the product's at byte ${at} (product …${product.slice(at - 40, at + 60)}… bare …${first.body.slice(at - 40, at + 60)}…); fix scripts/bench/bare-server.ts.`,
    );
  }
  if (server.name === "product" && scenario.name === "public-status") {
    const headers = Object.fromEntries(Object.entries(first.headers).filter(([name]) => /^(content-type|cache-control|vary)$/.test(name)));
    fs.writeFileSync(STATUS_FILE, JSON.stringify({ path: new URL(request.url).pathname, status: first.status, headers, body: first.body }));
  }
  if (scenario.flood) return flood(server, pids, scenario, ctx);
  let peak = treeRss(pids);
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pids))), 250);
  process.stdout.write(`  ${server.label.padEnd(7)} ${scenario.name.padEnd(19)} `);
  const cpu = { start: 0, end: 0 };
  let machine = { start: machineTicks(), end: machineTicks() };
  let overallRate: number | undefined;
  if (scenario.timesMixedCapacity) {
    const capacity = mixedCapacity.get(server.name);
    if (capacity === undefined) throw new Error(`${scenario.name} offers a multiple of what the server answered in \`mixed\`: run mixed in the same run (--scenarios mixed,${scenario.name}).`);
    overallRate = Math.round(capacity * scenario.timesMixedCapacity);
  }
  const result = await runLoad(request, {
    connections: scenario.connections ?? CONNECTIONS,
    warmupSeconds: WARMUP,
    durationSeconds: scenario.soak ? SOAK : DURATION,
    overallRate,
    onPhase(phase) {
      if (phase === "measuring") {
        cpu.start = treeCpuSeconds(pids);
        machine = { start: machineTicks(), end: machineTicks() };
      } else {
        cpu.end = treeCpuSeconds(pids);
        machine.end = machineTicks();
      }
    },
  }).finally(() => clearInterval(sampler));
  const stealPercent = (100 * (machine.end.steal - machine.start.steal)) / Math.max(1, machine.end.total - machine.start.total);
  peak = Math.max(peak, treeRss(pids));
  // Per view when a view is several requests (scenarios.ts, requestsPerView).
  const cpuMsPerRequest = (((cpu.end - cpu.start) * 1000) / Math.max(1, result.requests)) * (scenario.requestsPerView ?? 1);
  const kib = (Buffer.byteLength(first.body) / 1024).toFixed(1);
  if (process.env.BENCH_BODIES) fs.writeFileSync(path.join(fs.mkdirSync(process.env.BENCH_BODIES, { recursive: true }) ?? process.env.BENCH_BODIES, `${server.name}-${scenario.name}.txt`), first.body);
  if (scenario.name === "mixed") mixedCapacity.set(server.name, result.rps);
  const offered = overallRate ? `  offered ${overallRate} req/s, ${shedOf(result)} shed, ${percentWithinSecond(result).toFixed(2)}% within 1 s` : "";
  console.log(`${result.rps.toFixed(0).padStart(6)} req/s  p99 ${result.latencyMs.p99.toFixed(0).padStart(4)} ms  ${cpuMsPerRequest.toFixed(2)} CPU ms/${scenario.requestsPerView ? "view" : "req"}  ${stealPercent.toFixed(0)}% stolen  ${kib} KiB body${offered}`);
  return { scenario, server: server.name, result, rssMiB: peak / 1024 / 1024, cpuMsPerRequest, stealPercent };
}

/**
 * The long-request-lines scenario: RSS before, FLOOD requests each with its own ~15 KiB request
 * line (16 connections), RSS after (a second later, and at rest three seconds later, nothing forced)
 * and the peak in between.
 */
async function flood(server: Server, pids: number[], scenario: Scenario, ctx: ScenarioContext): Promise<Measurement> {
  const before = treeRss(pids);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pids))), 250);
  process.stdout.write(`  ${server.label.padEnd(7)} ${scenario.name.padEnd(19)} `);
  const cpuStart = treeCpuSeconds(pids);
  const machineStart = machineTicks();
  const out = await floodLongLines({ base: ctx.base, paths: scenario.flood!.paths, count: FLOOD, lineBytes: FLOOD_LINE_BYTES, concurrency: 16 }).finally(() => clearInterval(sampler));
  const cpuMsPerRequest = ((treeCpuSeconds(pids) - cpuStart) * 1000) / out.requests;
  const machineEnd = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const afterSecond = treeRss(pids);
  // At rest: the server hands back what a busy spell grew once it has been quiet for a second
  // (MEMORY_RELEASE_QUIET_MS), so the reading that counts is taken a few seconds after the last answer.
  await new Promise((resolve) => setTimeout(resolve, REST_READING_MS - 1000));
  const after = treeRss(pids);
  peak = Math.max(peak, afterSecond, after);
  const result = resultOfAnswers({ latencies: out.latencyMs, statuses: out.statuses, errors: out.errors, seconds: out.seconds, requests: out.requests });
  const stealPercent = (100 * (machineEnd.steal - machineStart.steal)) / Math.max(1, machineEnd.total - machineStart.total);
  const mib = (bytes: number) => bytes / 1024 / 1024;
  console.log(`${result.rps.toFixed(0).padStart(6)} req/s  RSS ${mib(before).toFixed(0)} → ${mib(afterSecond).toFixed(0)} MiB a second later, ${mib(after).toFixed(0)} MiB at rest (peak ${mib(peak).toFixed(0)})  ${cpuMsPerRequest.toFixed(2)} CPU ms/req`);
  return { scenario, server: server.name, result, rssMiB: mib(peak), cpuMsPerRequest, stealPercent, rssBeforeMiB: mib(before), rssAfterMiB: mib(after) };
}

async function runServer(server: Server, scenarios: Scenario[], credentials: { apiKey: string; sessionCookie: string; visitorCookie: string }): Promise<Measurement[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = server.start(port);
  const worker = server.name === "product" && args.worker === "separate" ? spawnServer([NODE, ".server/worker.mjs"], serverEnv(port), "worker") : undefined;
  let proxy: { child: ChildProcess; base: string } | undefined;
  try {
    await waitUntilServing(base, child);
    const measurements: Measurement[] = [];
    for (const scenario of scenarios) {
      if (scenario.via !== "nginx") {
        measurements.push(await measure(server, [child], scenario, { base, ...credentials }));
        continue;
      }
      proxy ??= await startNginx(port);
      measurements.push(await measure(server, [child, proxy.child], scenario, { base: proxy.base, ...credentials }));
    }
    if (args.webhooks && server.name === "product") {
      console.log(describeWebhookBench(await runWebhookBench(base, credentials.apiKey, {
        connections: CONNECTIONS,
        warmupSeconds: WARMUP,
        durationSeconds: DURATION,
        betweenPhases: () => vacuumChurnedTables(DATABASE_URL),
        cpu: () => cpuSplit(child.pid!),
      })));
    }
    if (args.monitors && server.name === "product") {
      console.log(describeMonitorBench(await runMonitorBench(base, credentials.apiKey, {
        databaseUrl: DATABASE_URL,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP,
        durationSeconds: DURATION,
        serverCpuSeconds: () => treeCpuSeconds([child.pid!]),
      })));
    }
    if (server.name === "product") {
      await new Promise((resolve) => setTimeout(resolve, REST_READING_MS));
      console.log(`  product RSS at rest after the whole run: ${(treeRss([child.pid!]) / 1024 / 1024).toFixed(0)} MiB`);
    }
    return measurements;
  } finally {
    if (proxy) await stop(proxy.child);
    if (worker) await stop(worker);
    await stop(child);
    await removeWrittenPosts(DATABASE_URL);
  }
}

async function startNginx(appPort: number): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const { prefix, command } = nginxCommand(NGINX!, ROOT, port, appPort);
  const child = spawnServer(command, process.env, "nginx");
  child.once("exit", () => fs.rmSync(prefix, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(base, child);
  return { child, base };
}

// ---------------------------------------------------------------------------------------------
// Report

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function loadAverage(): string {
  return os.loadavg().map((n) => n.toFixed(2)).join(" ");
}

function row(cells: (string | number)[]): string {
  const widths = [28, 9, 8, 8, 8, 8, 8, 8, 7, 7];
  return cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join(" ");
}

function report(measurements: Measurement[], posts: number) {
  console.log("");
  console.log(`Medians over ${ROUNDS} round(s); RSS is the peak of the whole run of that server (* = steal over ${MAX_STEAL}%, left out when a cleaner one exists)`);
  console.log(row(["scenario", "req/s", "p50 ms", "p99 ms", "max ms", "RSS MiB", "CPU ms", "steal%", "errors", "ratio"]));
  const failures: string[] = [];
  const summaries = new Map<string, Summary>();
  for (const scenario of SELECTED) {
    for (const server of ["product", "bare"] as const) {
      const all = measurements.filter((m) => m.scenario === scenario && m.server === server);
      if (all.length === 0) continue;
      const kept = all.filter((m) => m.stealPercent <= MAX_STEAL);
      const list = kept.length ? kept : all;
      const rps = median(list.map((m) => m.result.rps));
      let ratio = "";
      if (server === "product") {
        const bare = measurements.filter((m) => m.scenario === scenario && m.server === "bare");
        if (bare.length) ratio = (rps / median(bare.map((m) => m.result.rps))).toFixed(2);
      }
      const last = all.at(-1)!;
      summaries.set(`${server} ${scenario.name}`, {
        rps,
        p99: median(list.map((m) => m.result.latencyMs.p99)),
        cpuMs: median(list.map((m) => m.cpuMsPerRequest)),
        rssBeforeMiB: last.rssBeforeMiB,
        rssAfterMiB: last.rssAfterMiB,
        failed: Math.max(...all.map((m) => failedOf(m.result))),
        percentWithinSecond: Math.min(...all.map((m) => percentWithinSecond(m.result))),
      });
      // Under overload a 503 is the server shedding work as designed, not a failure of the run.
      const bad = all.reduce((n, m) => n + m.result.errors + m.result.non2xx - (scenario.sheds ? shedOf(m.result) : 0), 0);
      if (bad) failures.push(`${server} ${scenario.name}: ${bad} errors or non-2xx (${JSON.stringify(all.map((m) => m.result.statuses))})`);
      console.log(
        row([
          server === "bare" ? `  bare ${scenario.name}` : scenario.name,
          rps.toFixed(0),
          median(list.map((m) => m.result.latencyMs.p50)).toFixed(1),
          median(list.map((m) => m.result.latencyMs.p99)).toFixed(1),
          Math.max(...list.map((m) => m.result.latencyMs.max)).toFixed(0),
          Math.max(...all.map((m) => m.rssMiB)).toFixed(0),
          median(list.map((m) => m.cpuMsPerRequest)).toFixed(2),
          `${all.every((m) => m.stealPercent > MAX_STEAL) ? "*" : ""}${median(all.map((m) => m.stealPercent)).toFixed(0)}`,
          bad,
          ratio,
        ]),
      );
    }
  }
  console.log(
    `\nmachine: ${os.cpus().length} cores, load average now ${loadAverage()}; other work on the machine and CPU time stolen by the ` +
      "hypervisor slow both servers and move the figures between runs. CPU ms is the server's own (PostgreSQL excluded).",
  );
  console.log(`\n${targetsTable((scenario, server = "product") => summaries.get(`${server} ${scenario}`), posts).join("\n")}`);
  return failures;
}

/**
 * The migration bench in a process of its own: it loads the app's modules against its own
 * database. Started as the server is (its young generation, its malloc arenas), since the export
 * runs as the server's requests do.
 */
function runMigrationBench(): boolean {
  const url = new URL(DATABASE_URL);
  url.pathname = "/bench_migration";
  console.log(`\nMigration bench (database ${url}):`);
  const result = spawnSync("npx", ["tsx", "scripts/bench/migration.ts"], { stdio: "inherit", env: withServerNodeOptions({ ...process.env, BENCH_MIGRATION_DATABASE_URL: url.toString() }) });
  return result.status === 0;
}

async function main() {
  if (args["migration-only"]) process.exit(runMigrationBench() ? 0 : 1);
  console.log(
    `Benchmark: ${SELECTED.length} scenario(s), ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each, ${ROUNDS} round(s); load average ${loadAverage()}, ${os.cpus().length} cores`,
  );
  if (SKIPPED_NGINX.length) {
    console.log(`Skipping ${SKIPPED_NGINX.map((s) => s.name).join(", ")}: nginx is not installed (Debian: apt-get install nginx).`);
  }
  const seeded = await seedBench({ url: DATABASE_URL, posts: POSTS, skipSeed: args["skip-seed"], apiKeySecret: API_KEY_SECRET, nextAuthSecret: NEXTAUTH_SECRET });
  console.log(`Database ${DATABASE_URL}: ${seeded.posts.toLocaleString("en")} posts (${args["skip-seed"] ? "kept" : "seeded"} in ${seeded.seconds.toFixed(1)} s).`);
  const servers = SERVERS.filter((s) => !args.only || s.name === args.only);
  if (servers.some((s) => s.name === "product")) ensureBuild();
  const measurements: Measurement[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) console.log(`Round ${round}/${ROUNDS}`);
      for (const server of servers) {
        // The status twin serves the bytes the product answered in this run, so it needs the product first.
        const scenarios =
          server.name === "bare" ? SELECTED.filter((s) => s.bare && (s.name !== "public-status" || fs.existsSync(STATUS_FILE))) : SELECTED;
        const extras = server.name === "product" && (args.monitors || args.webhooks);
        if (scenarios.length || extras) measurements.push(...(await runServer(server, scenarios, seeded)));
      }
    }
  } finally {
    fs.rmSync(STATUS_FILE, { force: true });
  }
  const failures = report(measurements, seeded.posts);
  for (const failure of failures) console.error(failure);
  if (args["cpu-prof"]) console.log(`CPU profile(s) of the product server in ${path.resolve(args["cpu-prof"])}`);
  if (args.migration && !runMigrationBench()) failures.push("the migration bench failed");
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
