import { describe, expect, it } from "vitest";
import { admissionKindOf, createGate } from "@/lib/platform/server/admission";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("an admission gate", () => {
  it("admits up to its in-flight limit at once, queues the next ones in order, and hands each freed place to the longest waiter", async () => {
    const gate = createGate("test", { inFlight: 2, queue: 2, queueWaitMs: 60_000, targetMs: 60_000 });
    const first = await gate.enter();
    const second = await gate.enter();
    expect(first).toBeTypeOf("function");
    expect(second).toBeTypeOf("function");
    const order: string[] = [];
    const third = gate.enter().then((release) => (order.push("third"), release));
    const fourth = gate.enter().then((release) => (order.push("fourth"), release));
    await settle();
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 2, shed: 0 });

    first!();
    first!(); // a second release of the same place frees nothing more
    await settle();
    expect(order).toEqual(["third"]);
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 1 });
    second!();
    await settle();
    expect(order).toEqual(["third", "fourth"]);
    (await third)!();
    (await fourth)!();
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0, shed: 0 });
  });

  it("refuses at once when the queue is full, and a waiter whose wait runs out; counts both", async () => {
    const gate = createGate("test", { inFlight: 1, queue: 1, queueWaitMs: 30, targetMs: 60_000 });
    const holder = await gate.enter();
    const waiter = gate.enter();
    expect(await gate.enter()).toBeNull();
    expect(gate.stats()).toMatchObject({ shed: 1, waiting: 1 });
    expect(await waiter).toBeNull();
    expect(gate.stats()).toMatchObject({ shed: 2, waiting: 0, active: 1 });
    expect(gate.stats().lastShedAt).toMatch(/^\d{4}-/);
    holder!();
    expect(await gate.enter()).toBeTypeOf("function");
  });

  it("a waiter whose client went away leaves the queue without taking a place", async () => {
    const gate = createGate("test", { inFlight: 1, queue: 4, queueWaitMs: 60_000, targetMs: 60_000 });
    const holder = await gate.enter();
    const gone = new AbortController();
    const waiter = gate.enter(gone.signal);
    await settle();
    gone.abort();
    expect(await waiter).toBeNull();
    expect(gate.stats()).toMatchObject({ waiting: 0, active: 1, shed: 0 });
    holder!();
    expect(gate.stats().active).toBe(0);
  });

  it("counts the wait from when the request arrived: time spent waiting elsewhere shortens it, and one already out of time is refused at once", async () => {
    let time = 1_000;
    const gate = createGate("test", { inFlight: 1, queue: 4, queueWaitMs: 500, targetMs: 60_000 }, () => time);
    const holder = await gate.enter();
    expect(await gate.enter(undefined, time - 500)).toBeNull();
    expect(gate.stats()).toMatchObject({ shed: 1, waiting: 0 });
    expect(gate.waitLeft(time - 480)).toBe(20);
    expect(gate.waitLeft(time - 600)).toBe(-100);
    // 480 ms already spent: the queue keeps it 20 ms at most (real time, from here).
    const started = performance.now();
    expect(await gate.enter(undefined, time - 480)).toBeNull();
    expect(performance.now() - started).toBeLessThan(400);
    expect(gate.stats()).toMatchObject({ shed: 2, waiting: 0 });
    // A free place is taken whatever the time spent: refusing would waste it.
    holder!();
    time += 10_000;
    expect(await gate.enter(undefined, 0)).toBeTypeOf("function");
  });

  it("with a queue of zero, whatever finds no place is refused at once", async () => {
    const gate = createGate("test", { inFlight: 1, queue: 0, queueWaitMs: 60_000, targetMs: 60_000 });
    await gate.enter();
    expect(await gate.enter()).toBeNull();
  });
});

describe("an admission gate's limit under slow answers", () => {
  function clockedGate(inFlight: number, targetMs = 100) {
    let time = 0;
    const gate = createGate("test", { inFlight, queue: 16, queueWaitMs: 60_000, targetMs }, () => time);
    return { gate, advance: (ms: number) => void (time += ms) };
  }

  /** Every place taken, one more waiting, and answers slower than the target: one cut. */
  async function slowRound(gate: ReturnType<typeof createGate>, advance: (ms: number) => void) {
    const places = await Promise.all(Array.from({ length: gate.stats().limit }, () => gate.enter()));
    const waiter = gate.enter();
    advance(1_000);
    for (const release of places) release!();
    (await waiter)!();
  }

  it("while requests wait, lowers the number let in by a quarter when an answer takes longer than the target, once per target period", async () => {
    const { gate, advance } = clockedGate(8);
    const releases = await Promise.all(Array.from({ length: 8 }, () => gate.enter()));
    const first = gate.enter();
    advance(150);
    releases[0]!();
    expect(gate.stats().limit).toBe(6);
    // The rest of the same slow burst, ended within one target period: counted once.
    releases[1]!();
    releases[2]!();
    expect(gate.stats()).toMatchObject({ limit: 6, active: 6, waiting: 0 });
    const second = gate.enter();
    advance(100);
    releases[3]!();
    expect(gate.stats()).toMatchObject({ limit: 4, active: 5, waiting: 1 });
    for (const release of releases.slice(4)) release!();
    (await first)!();
    (await second)!();
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0 });
  });

  it("keeps its limit when answers are slow but nobody waits: a slow page on a machine with room", async () => {
    const { gate, advance } = clockedGate(8);
    for (let round = 0; round < 5; round++) {
      const releases = await Promise.all(Array.from({ length: 4 }, () => gate.enter()));
      advance(1_000);
      for (const release of releases) release!();
    }
    expect(gate.stats().limit).toBe(8);
  });

  it("never goes below two however slow answers are, so work still moves", async () => {
    const { gate, advance } = clockedGate(8);
    for (let round = 0; round < 12; round++) await slowRound(gate, advance);
    expect(gate.stats().limit).toBe(2);
    const [a, b] = [await gate.enter(), await gate.enter()];
    expect(a).toBeTypeOf("function");
    expect(b).toBeTypeOf("function");
  });

  it("climbs back to its ceiling as answers come within the target again, and lets waiting requests in as it climbs", async () => {
    const { gate, advance } = clockedGate(6);
    for (let round = 0; round < 10; round++) await slowRound(gate, advance);
    expect(gate.stats().limit).toBe(2);
    const held = [await gate.enter(), await gate.enter()];
    const waiters = [gate.enter(), gate.enter()];
    await settle();
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 2 });
    // Quick answers: each raises the limit a little and hands its place to the longest waiter.
    advance(10);
    for (const release of held) release!();
    const admitted = await Promise.all(waiters);
    expect(admitted.every((release) => typeof release === "function")).toBe(true);
    for (const release of admitted) release!();
    for (let round = 0; round < 40; round++) (await gate.enter())!();
    expect(gate.stats().limit).toBe(6);
  });
});

describe("which gate a request waits at", () => {
  it("never the health check, static files or Next's built files; public JSON, the API and pages each their own", () => {
    for (const url of ["/api/health", "/api/health?x=1", "/favicon.ico", "/icon-192.png", "/icon.svg", "/robots.txt", "/_next/static/chunks/app.js"]) {
      expect(admissionKindOf(url), url).toBeNull();
    }
    expect(admissionKindOf("/api/public/acme/status")).toBe("public");
    expect(admissionKindOf("/api/v1/posts?limit=5")).toBe("api");
    expect(admissionKindOf("/api/auth/session")).toBe("api");
    expect(admissionKindOf("/p/acme/boards/ideas")).toBe("pages");
    expect(admissionKindOf("/w/acme/posts")).toBe("pages");
    expect(admissionKindOf("/_next/image?url=%2Fx.png&w=64&q=75")).toBe("pages");
    expect(admissionKindOf("/sitemap.xml")).toBe("pages");
  });
});
