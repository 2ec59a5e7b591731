import { describe, expect, it } from "vitest";
import { admissionKindOf, createGate } from "@/lib/platform/server/admission";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("an admission gate", () => {
  it("admits up to its in-flight limit at once, queues the next ones in order, and hands each freed place to the longest waiter", async () => {
    const gate = createGate("test", { inFlight: 2, queue: 2, queueWaitMs: 60_000 });
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
    const gate = createGate("test", { inFlight: 1, queue: 1, queueWaitMs: 30 });
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
    const gate = createGate("test", { inFlight: 1, queue: 4, queueWaitMs: 60_000 });
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

  it("with a queue of zero, whatever finds no place is refused at once", async () => {
    const gate = createGate("test", { inFlight: 1, queue: 0, queueWaitMs: 60_000 });
    await gate.enter();
    expect(await gate.enter()).toBeNull();
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
