#!/usr/bin/env node
// The development server's memory over a scripted session, as a new user uses it: `npm run dev` in
// --dir on --port, the demo account signed in, a page of the dashboard, the portal or the docs
// opened every --every seconds in turn, and (with --touch FILE) that source file changed every
// --touch-every seconds so that the server reloads the modules that import it, as an editing
// developer makes it do. Every 30 s one CSV line: elapsed seconds, the resident memory of the
// whole process tree (npm run dev and every child), pages opened, and the slowest page since the
// last line. Prints the first visit of each page (the compile a new user waits for) at the start.
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
  },
});
const dir = path.resolve(args.dir);
const base = `http://localhost:${args.port}`;
const endAt = Date.now() + Number(args.minutes) * 60_000;
const PAGES = [
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
  "/api/public/acme/posts",
];

const child = spawn(process.execPath, ["scripts/dev.mjs"], { cwd: dir, env: { ...process.env, PORT: args.port, NODE_ENV: "development" }, stdio: ["ignore", "pipe", "pipe"], detached: true });
const logFile = fs.createWriteStream(`${args.out}.log`);
child.stdout.pipe(logFile);
child.stderr.pipe(logFile);
const stop = () => {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("SIGINT", () => (stop(), process.exit(130)));
process.on("SIGTERM", () => (stop(), process.exit(143)));

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
await signIn();

const out = fs.createWriteStream(args.out);
out.write("elapsed_s,rss_mib,pages,slowest_ms\n");
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
    const line = `${Math.round((Date.now() - ready) / 1000)},${treeRssMiB(child.pid)},${visits},${slowest}`;
    out.write(`${line}\n`);
    console.log(line);
    slowest = 0;
    nextSample = Date.now() + 30_000;
  }
  await sleep(Number(args.every) * 1000);
}
out.end();
stop();
process.exit(0);
