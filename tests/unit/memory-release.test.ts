import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { memoryReleaseSettings } from "@/lib/platform/server/config";
import { createMemoryRelease } from "@/lib/platform/server/memory-release";

const MiB = 1024 * 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A resident size the test moves by hand, and a release that records when it ran and drops it.
function fakeProcess(startMiB: number) {
  const state = { rss: startMiB * MiB, releases: 0 };
  const release = createMemoryRelease({
    quietMs: 30,
    growthBytes: 32 * MiB,
    residentBytes: () => state.rss,
    release: () => {
      state.releases += 1;
      state.rss = startMiB * MiB;
    },
  });
  return { state, release };
}

describe("memory release after a busy spell", () => {
  it("runs once the last request has ended and the quiet has lasted, when the process grew by the threshold", async () => {
    const { state, release } = fakeProcess(200);
    const first = release.begin();
    const second = release.begin();
    state.rss += 100 * MiB;
    first();
    await pause(60);
    expect(state.releases, "one request still in flight").toBe(0);
    second();
    second();
    await pause(15);
    expect(state.releases, "not before the quiet has lasted").toBe(0);
    await pause(45);
    expect(state.releases).toBe(1);
    expect(state.rss).toBe(200 * MiB);
  });

  it("a request that begins during the quiet puts the release off until it too has ended", async () => {
    const { state, release } = fakeProcess(200);
    state.rss += 64 * MiB;
    release.begin()();
    await pause(15);
    const late = release.begin();
    await pause(60);
    expect(state.releases).toBe(0);
    late();
    await pause(60);
    expect(state.releases).toBe(1);
  });

  it("does nothing after requests that did not grow the process by the threshold, and nothing twice for one growth", async () => {
    const { state, release } = fakeProcess(200);
    state.rss += 31 * MiB;
    release.begin()();
    await pause(60);
    expect(state.releases).toBe(0);
    state.rss += 2 * MiB;
    release.begin()();
    await pause(60);
    expect(state.releases).toBe(1);
    // Quiet again without growing: a server at rest is not collected over and over.
    release.begin()();
    await pause(60);
    expect(state.releases).toBe(1);
    release.stop();
  });

  it("settings: a second of quiet and 32 MiB of growth by default; 0 turns it off; nonsense keeps the default", () => {
    expect(memoryReleaseSettings({})).toEqual({ quietMs: 1000, growthBytes: 32 * MiB });
    expect(memoryReleaseSettings({ MEMORY_RELEASE_QUIET_MS: "0", MEMORY_RELEASE_GROWTH_MIB: "8" })).toEqual({ quietMs: 0, growthBytes: 8 * MiB });
    for (const value of ["-1", "abc", ""]) {
      expect(memoryReleaseSettings({ MEMORY_RELEASE_QUIET_MS: value, MEMORY_RELEASE_GROWTH_MIB: value })).toEqual(memoryReleaseSettings({}));
    }
    expect(memoryReleaseSettings({ MEMORY_RELEASE_GROWTH_MIB: "0" }).growthBytes).toBe(32 * MiB);
  });

  it("the collection hands a thread's emptied heap pages back to the system, and exposes no global gc", () => {
    // In a process of its own, launched as the server is: churn through short-lived objects, then
    // compare the resident size before and after the collection.
    const script = `
      import { memoryReducingCollection } from ${JSON.stringify(path.resolve("lib/platform/server/memory-release.ts"))};
      const collect = memoryReducingCollection();
      const globalGc = typeof globalThis.gc;
      let keep = [];
      for (let i = 0; i < 40; i++) { keep.push(Array.from({ length: 100000 }, (_, j) => ({ j, s: "x" + j }))); if (keep.length > 3) keep.shift(); }
      keep = null;
      const before = process.memoryUsage.rss();
      collect();
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.stdout.write(JSON.stringify({ before, after: process.memoryUsage.rss(), globalGc }));
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--max-semi-space-size=16", "--input-type=module", "-e", script], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
    expect(run.status, run.stderr).toBe(0);
    const { before, after, globalGc } = JSON.parse(run.stdout) as { before: number; after: number; globalGc: string };
    expect(globalGc).toBe("undefined");
    expect(before - after, `${(before / MiB).toFixed(0)} → ${(after / MiB).toFixed(0)} MiB`).toBeGreaterThan(50 * MiB);
  });
});
