#!/usr/bin/env node
// The development server's memory over a scripted session, as a new user uses it: `npm run dev` in
// --dir on --port, the demo account signed in, a page of the dashboard, the portal or the docs
// opened every --every seconds in turn, and (with --touch FILE) that source file changed every
// --touch-every seconds so that the server reloads the modules that import it, as an editing
// developer makes it do. Every 30 s one CSV line: elapsed seconds, the resident memory of the
// whole process tree (npm run dev and every child), pages opened, and the slowest page since the
// last line, with the server's own resident memory and V8 heap (after a full collection every 2
// minutes), read through its inspector. Prints the first visit of each page (the compile a new user
// waits for) at the start; --after-warmup starts the visits once the server has compiled its first
// pages. --snapshots 10,40 writes a heap snapshot of the server at those minutes (writing one adds
// to the resident memory for good: take them at the end of a run that measures memory); read them
// with scripts/bench/heap-summary.mjs.
//
//   node scripts/bench/dev-memory.mjs --dir /tmp/copy --port 4300 --minutes 60 --out before.csv \
//     --touch lib/platform/text/format-date.ts
//
// It changes the file named by --touch: run it on a throwaway copy of the repository.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    dir: { type: "string", default: process.cwd() },
    port: { type: "string", default: "4300" },
    minutes: { type: "string", default: "60" },
    every: { type: "string", default: "2" },
    touch: { type: "string" },
    "touch-every": { type: "string", default: "120" },
    out: { type: "string", default: "dev-memory.csv" },
    "inspect-port": { type: "string", default: "9331" },
    snapshots: { type: "string", default: "" },
    "after-warmup": { type: "boolean", default: false },
  },
});
const dir = path.resolve(args.dir);
const base = `http://localhost:${args.port}`;
const endAt = Date.now() + Number(args.minutes) * 60_000;
const PAGES = [
  "/sign-in",
  "/workspaces",
  "/w/acme",
  "/w/acme/posts",
  "/w/acme/roadmap",
  "/w/acme/changelog",
  "/w/acme/status",
  "/w/acme/todos",
  "/w/acme/settings",
  "/w/acme/settings/members",
  "/w/acme/settings/webhooks",
  "/w/acme/settings/api-keys",
  "/p/acme",
  "/p/acme/roadmap",
  "/p/acme/changelog",
  "/p/acme/status",
  "/p/acme/de",
  "/p/acme/ar/status",
  "/docs/api",
  "/api/v1/openapi.json",
];

// --inspect-port only names the port: the inspector opens when this script signals the server
// (SIGUSR1), so the other processes of the tree never open one.
const nodeOptions = [process.env.NODE_OPTIONS, `--inspect-port=127.0.0.1:${args["inspect-port"]}`].filter(Boolean).join(" ");
const child = spawn(process.execPath, ["scripts/dev.mjs"], { cwd: dir, env: { ...process.env, PORT: args.port, NODE_ENV: "development", NODE_OPTIONS: nodeOptions }, stdio: ["ignore", "pipe", "pipe"], detached: true });
const logFile = fs.createWriteStream(`${args.out}.log`);
child.stdout.pipe(logFile);
child.stderr.pipe(logFile);
// The whole tree is stopped, and killed if it has not ended 15 s later (a dev server busy
// compiling may not get to its own stop).
const signalTree = (signal) => {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
};
const stop = async () => {
  signalTree("SIGTERM");
  for (let waited = 0; waited < 15_000 && signalTree(0); waited += 500) await new Promise((resolve) => setTimeout(resolve, 500));
  signalTree("SIGKILL");
};
process.on("SIGINT", () => void stop().then(() => process.exit(130)));
process.on("SIGTERM", () => void stop().then(() => process.exit(143)));

/** Resident memory (MiB) of `root` and all its descendants, from /proc. */
function treeRssMiB(root) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  let kib = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop();
    try {
      const match = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) kib += Number(match[1]);
    } catch {
      // exited meanwhile
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return Math.round(kib / 1024);
}

/** The server's own process (server.ts), below `npm run dev`. */
function serverPid(root) {
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop();
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.ts")) return pid;
    } catch {
      // exited meanwhile
    }
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) queue.push(Number(entry));
      } catch {
        // exited meanwhile
      }
    }
  }
  return null;
}

/**
 * The server's V8 heap beside its resident memory, through its inspector (opened by SIGUSR1 on
 * --inspect-port): what is JavaScript (heap, the buffers it holds) and what is not (Turbopack's
 * native engine, WASM memory such as embedded PGlite's, code).
 */
let inspector = null;
async function inspectorCall(pid, method, params = {}) {
  if (!inspector) {
    process.kill(pid, "SIGUSR1");
    let target = null;
    for (let attempt = 0; attempt < 20 && !target; attempt++) {
      await sleep(500);
      target = await fetch(`http://127.0.0.1:${args["inspect-port"]}/json/list`).then((response) => response.json()).then((list) => list[0], () => null);
    }
    if (!target) throw new Error("the server's inspector did not open");
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    const pending = new Map();
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      pending.get(message.id)?.(message);
      pending.delete(message.id);
    };
    let id = 0;
    inspector = (name, parameters) =>
      new Promise((resolve) => {
        pending.set(++id, resolve);
        socket.send(JSON.stringify({ id, method: name, params: parameters }));
      });
  }
  const answer = await inspector(method, params);
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
}
async function evaluate(pid, expression) {
  const { result, exceptionDetails } = await inspectorCall(pid, "Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value;
}
async function serverMemory(pid, { collect }) {
  if (collect) await inspectorCall(pid, "HeapProfiler.collectGarbage");
  const usage = await evaluate(pid, "process.memoryUsage()");
  const mib = (bytes) => Math.round(bytes / 1048576);
  return { rss: mib(usage.rss), heapUsed: mib(usage.heapUsed), heapTotal: mib(usage.heapTotal), external: mib(usage.external), arrayBuffers: mib(usage.arrayBuffers) };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let cookie = "";
function remember(response) {
  const jar = new Map(cookie.split("; ").filter(Boolean).map((pair) => [pair.split("=")[0], pair]));
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0];
    jar.set(pair.split("=")[0], pair);
  }
  cookie = [...jar.values()].join("; ");
}

async function signIn() {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  remember(csrf);
  const { csrfToken } = await csrf.json();
  const body = new URLSearchParams({ csrfToken, email: "demo@example.com", password: "demo-password", json: "true", callbackUrl: `${base}/workspaces` });
  const answer = await fetch(`${base}/api/auth/callback/credentials`, { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
  remember(answer);
  if (!cookie.includes("session-token")) throw new Error(`sign-in failed: ${answer.status}`);
}

async function visit(page) {
  const started = performance.now();
  const response = await fetch(`${base}${page}`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, ms: Math.round(performance.now() - started) };
}

const startedAt = Date.now();
for (;;) {
  try {
    if ((await fetch(`${base}/sign-in`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() - startedAt > 300_000) throw new Error("the dev server did not answer within 5 minutes");
  await sleep(1000);
}
const ready = Date.now();
console.log(`listening after ${Math.round((ready - startedAt) / 1000)} s, ${treeRssMiB(child.pid)} MiB`);
// With --after-warmup the session starts once the server has compiled the first pages itself
// (its DEV_WARMUP log line), as for a new user who opens the browser a little after the start.
while (args["after-warmup"] && !fs.readFileSync(`${args.out}.log`, "utf8").includes("first pages compiled ahead")) {
  if (Date.now() - startedAt > 600_000) throw new Error("the warm-up did not finish within 10 minutes");
  await sleep(1000);
}
if (args["after-warmup"]) console.log(`warm-up done after ${Math.round((Date.now() - startedAt) / 1000)} s`);
await signIn();
// A post of the demo workspace, on the dashboard and in the portal.
const read = (page) => fetch(`${base}${page}`).then((response) => response.json()).then((body) => body.data?.[0]?.id, () => undefined);
const someBoard = await read("/api/public/acme/boards");
const somePost = someBoard && (await read(`/api/public/acme/boards/${someBoard}/posts`));
if (somePost) PAGES.push(`/w/acme/posts/${somePost}`, `/p/acme/posts/${somePost}`, `/api/public/acme/boards/${someBoard}/posts`);
else console.log("no post found to open");

const out = fs.createWriteStream(args.out);
out.write("elapsed_s,rss_mib,pages,slowest_ms,server_rss_mib,heap_used_mib,heap_total_mib,external_mib,array_buffers_mib,collected\n");
const server = serverPid(child.pid);
// Every fourth line (2 minutes) counts the heap after a full collection: what is still held, not
// what awaits collection.
let samples = 0;
const snapshotsAt = args.snapshots
  .split(",")
  .filter(Boolean)
  .map((minutes) => ready + Number(minutes) * 60_000);
let visits = 0;
let slowest = 0;
let nextSample = Date.now();
let nextTouch = Date.now() + Number(args["touch-every"]) * 1000;
const seen = new Set();
for (let i = 0; Date.now() < endAt; i++) {
  const page = PAGES[i % PAGES.length];
  const { status, ms } = await visit(page).catch((error) => ({ status: String(error.cause?.code ?? error), ms: 0 }));
  if (!seen.has(page)) {
    seen.add(page);
    console.log(`first visit ${page}: ${status} in ${ms} ms`);
  }
  visits++;
  slowest = Math.max(slowest, ms);
  if (args.touch && Date.now() >= nextTouch) {
    fs.appendFileSync(path.join(dir, args.touch), `// ${new Date().toISOString()}\n`);
    nextTouch = Date.now() + Number(args["touch-every"]) * 1000;
  }
  if (Date.now() >= nextSample) {
    const collect = samples++ % 4 === 0;
    const memory = server ? await serverMemory(server, { collect }).catch((error) => ({ error: String(error) })) : {};
    if (memory.error) console.log(memory.error);
    const line = [Math.round((Date.now() - ready) / 1000), treeRssMiB(child.pid), visits, slowest, memory.rss, memory.heapUsed, memory.heapTotal, memory.external, memory.arrayBuffers, collect].join(",");
    out.write(`${line}\n`);
    console.log(line);
    slowest = 0;
    nextSample = Date.now() + 30_000;
  }
  if (server && snapshotsAt.length && Date.now() >= snapshotsAt[0]) {
    snapshotsAt.shift();
    const file = path.resolve(`${args.out}.${Math.round((Date.now() - ready) / 60_000)}min.heapsnapshot`);
    await evaluate(server, `process.getBuiltinModule("node:v8").writeHeapSnapshot(${JSON.stringify(file)})`).then(
      () => console.log(`heap snapshot: ${file}`),
      (error) => console.log(`heap snapshot failed: ${error}`),
    );
  }
  await sleep(Number(args.every) * 1000);
}
out.end();
await stop();
process.exit(0);
