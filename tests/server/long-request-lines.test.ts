import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { floodLongLines } from "@/scripts/bench/flood";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { seedPortal, type Portal } from "../public/fixtures";
import { startProductionServer } from "../support/production-server";

// What an anonymous client can make the production server remember: 10,000 signed-out requests to
// portal pages and the public JSON, each with its own ~15 KiB request line. Whatever the server
// keeps per request line (cache keys, indexes, Next's own caches) must stay within a bound; the
// server's resident memory is read from /proc once it is idle after a warm-up and after the flood,
// nothing forced.
// Needs `npm run build` first, and is skipped without one.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");
const REQUESTS = 10_000;
const LINE_BYTES = 15 * 1024 - 64;
const MAX_GROWTH_MIB = 30;

let server: ChildProcess;
let portal: Portal;
const logLines: string[] = [];

beforeAll(async () => {
  if (!built) return;
  portal = await seedPortal();
  // The memory release's own line is logged at info; a smaller growth than the default's 32 MiB
  // lets a short spell of requests start it.
  server = await startProductionServer(PORT, { NEXTAUTH_URL: BASE, PUBLIC_RATE_LIMIT_PER_MINUTE: "100000000", LOG_LEVEL: "info", MEMORY_RELEASE_GROWTH_MIB: "8" }, undefined, logLines);
});
afterAll(() => {
  server?.kill("SIGTERM");
});

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server's resident memory once it has been idle. A second after the last answer, the server
 * hands back what a busy spell grew (here once it grew by 8 MiB: MEMORY_RELEASE_GROWTH_MIB below),
 * so a reading taken right after a burst counts garbage not yet collected. Reads once a second for
 * up to `maxMs` and returns the lowest reading, stopping early once one is at or below `enough`, or
 * two seconds after the memory has dropped (the release ran).
 */
async function idleRssMiB(pid: number, { maxMs, enough = -Infinity }: { maxMs: number; enough?: number }): Promise<number> {
  const first = rssMiB(pid);
  let lowest = first;
  let droppedAt: number | undefined;
  for (const started = Date.now(); Date.now() - started < maxMs; ) {
    await sleep(1_000);
    lowest = Math.min(lowest, rssMiB(pid));
    if (lowest <= enough) break;
    if (droppedAt === undefined && lowest < first * 0.9) droppedAt = Date.now();
    if (droppedAt !== undefined && Date.now() - droppedAt >= 2_000) break;
  }
  return lowest;
}

describe.skipIf(!built)("unique long request lines (server.ts)", () => {
  it(`${REQUESTS.toLocaleString("en")} signed-out requests with unique 15 KiB lines grow the server's RSS by at most ${MAX_GROWTH_MIB} MiB`, async () => {
    // A portal page in twenty requests (each is rendered: a line this long is never a cache key), the
    // rest public JSON answered from the public cache behind Next's router. A render once left itself
    // behind, linked to the next through its aborted cache signal's Error: 500 of them grew the heap
    // by ~130 MiB.
    const json = [`/api/public/${portal.slug}/status`, `/api/public/${portal.slug}/posts/${portal.post.id}`];
    const paths = [`/p/${portal.slug}/status`, ...Array(9).fill(json).flat(), `/p/${portal.slug}/posts/${portal.post.id}`, ...Array(9).fill(json).flat()];
    const flood = (count: number) => floodLongLines({ base: BASE, paths, count, lineBytes: LINE_BYTES, concurrency: 8 });
    // Warm-up: every page compiled, every cache and pool at its working size.
    const warm = await flood(500);
    expect(warm.errors).toBe(0);
    const before = await idleRssMiB(server.pid!, { maxMs: 8_000 });
    const run = await flood(REQUESTS);
    const after = await idleRssMiB(server.pid!, { maxMs: 10_000, enough: before + MAX_GROWTH_MIB });
    console.log(`RSS ${before.toFixed(0)} → ${after.toFixed(0)} MiB after ${REQUESTS} requests in ${run.seconds.toFixed(1)} s (${JSON.stringify(run.statuses)})`);
    expect(run.errors).toBe(0);
    expect(Object.keys(run.statuses)).toEqual(["200"]);
    expect(after - before).toBeLessThanOrEqual(MAX_GROWTH_MIB);
    // About 45 s alone; a machine busy with other test files (CI runs two at once, and a browser
    // suite may run beside it) can triple that without anything being wrong.
  }, 420_000);

  it("hands back what a busy spell grew once the server has been quiet for a second, and not while requests keep coming", async () => {
    const paths = [`/p/${portal.slug}/status`, `/p/${portal.slug}/posts/${portal.post.id}`, `/api/public/${portal.slug}/status`];
    const released = () => logLines.filter((line) => line.includes("memory handed back after a busy spell")).map((line) => JSON.parse(line) as { beforeMiB: number; afterMiB: number; tookMs: number });
    await sleep(2_000);
    const releasesBefore = released().length;

    // A trickle: a request every 150 ms for 3 s, so the server is never quiet for a second.
    for (let i = 0; i < 20; i++) {
      await fetch(`${BASE}${paths[i % paths.length]}?trickle=${i}`).then((response) => response.arrayBuffer());
      await sleep(150);
    }
    expect(released().length, "no release while requests keep coming").toBe(releasesBefore);

    const spell = await floodLongLines({ base: BASE, paths, count: 400, lineBytes: LINE_BYTES, concurrency: 8 });
    expect(spell.errors).toBe(0);
    const atEnd = rssMiB(server.pid!);
    for (let waited = 0; released().length === releasesBefore && waited < 10_000; waited += 100) await sleep(100);
    const release = released().at(-1)!;
    expect(released().length, "one release after the spell").toBe(releasesBefore + 1);
    expect(release.afterMiB).toBeLessThan(release.beforeMiB);
    await sleep(500);
    const rested = rssMiB(server.pid!);
    console.log(`RSS ${atEnd.toFixed(0)} MiB at the spell's end, ${rested.toFixed(0)} MiB after the release (${JSON.stringify(release)})`);
    expect(rested).toBeLessThan(atEnd - 8);
  }, 120_000);
});
