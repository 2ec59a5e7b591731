import { beforeAll, beforeEach, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { claimDueMonitors, LEASE_SECONDS, runClaimedCheck, startMonitorPump } from "@/lib/domain/monitors/monitor-pump";
import { addMonitor, workspaceWithComponent } from "./helpers";
import { startTarget } from "./targets";

// Each due check runs once however many workers there are, and a worker killed mid-check has its
// checks taken over within a minute. The clock is handed to the workers (their claims read "due"
// and the leases by it), so the minute passes without being waited out.

beforeAll(() => {
  process.env.MONITOR_ALLOW_PRIVATE_NETWORKS = "true";
});

// Each test's clock runs ahead of the one before: the monitors of earlier tests are set aside.
beforeEach(async () => {
  await db.monitor.updateMany({ data: { paused: true } });
});

it("two workers on one database: every due check runs exactly once, and none is left held", async () => {
  const { actor, component } = await workspaceWithComponent();
  const hits = new Map<string, number>();
  const target = await startTarget((request, response) => {
    hits.set(request.url!, (hits.get(request.url!) ?? 0) + 1);
    setTimeout(() => response.end("ok"), 20);
  });
  const ids: string[] = [];
  for (let n = 0; n < 60; n++) ids.push((await addMonitor(actor, { kind: "http", componentId: component.id, name: `M${n}`, url: `${target.url}?m=${n}`, intervalSeconds: 30 })).id);
  const latest = await db.monitor.aggregate({ _max: { nextCheckAt: true } });
  const now = new Date(latest._max.nextCheckAt!.getTime() + 1);
  const clock = () => now;

  const pumps = [startMonitorPump({ clock, concurrency: 8, pollMs: 50 }), startMonitorPump({ clock, concurrency: 8, pollMs: 50 })];
  try {
    await expect.poll(() => db.monitorCheck.count({ where: { monitorId: { in: ids } } }), { timeout: 30_000, interval: 100 }).toBe(60);
    // Let both keep polling a while: nothing is due again at this time, so nothing runs twice.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    await Promise.all(pumps.map((pump) => pump.stop(1_000)));
  }
  expect(hits.size).toBe(60);
  expect([...hits.values()].every((count) => count === 1)).toBe(true);
  const rows = await db.monitor.findMany({ where: { id: { in: ids } } });
  expect(rows.every((row) => row.leaseUntil === null && row.nextCheckAt > now && row.nextCheckAt.getTime() - now.getTime() <= 30_000)).toBe(true);
}, 60_000);

it("a worker killed mid-check: its lease holds the check, and another worker takes it over within a minute; the late first result records nothing", async () => {
  const { actor, component } = await workspaceWithComponent();
  const target = await startTarget();
  const monitor = await addMonitor(actor, { kind: "http", componentId: component.id, name: "Takeover", url: target.url, intervalSeconds: 30 });
  const due = new Date(monitor.nextCheckAt);
  const at = (ms: number) => () => new Date(due.getTime() + ms);

  // Worker A claims it and dies without a word.
  const [claimA] = await claimDueMonitors(10, at(0));
  expect(claimA?.id).toBe(monitor.id);
  expect(LEASE_SECONDS).toBeLessThan(60);

  // While the lease holds, no other worker runs it.
  expect(await claimDueMonitors(10, at(LEASE_SECONDS * 1000 - 1_000))).toEqual([]);
  // Once it has run out (under a minute after A claimed), worker B takes it.
  const [claimB] = await claimDueMonitors(10, at(LEASE_SECONDS * 1000 + 500));
  expect(claimB?.id).toBe(monitor.id);
  expect(claimB?.dueAt.getTime()).toBe(due.getTime());
  await runClaimedCheck(claimB!, at(LEASE_SECONDS * 1000 + 600));
  expect(target.hits).toBe(1);
  expect(await db.monitorCheck.count({ where: { monitorId: monitor.id } })).toBe(1);

  // A was only slow, not dead: its result comes in late and finds the slot taken.
  await runClaimedCheck(claimA!, at(LEASE_SECONDS * 1000 + 700));
  expect(await db.monitorCheck.count({ where: { monitorId: monitor.id } })).toBe(1);
});

it("a check that hangs holds only its own place: the others run beside it", async () => {
  const { actor, component } = await workspaceWithComponent();
  const hang = await startTarget(() => undefined);
  const fine = await startTarget();
  await addMonitor(actor, { kind: "http", componentId: component.id, name: "Hangs", url: hang.url, intervalSeconds: 30, timeoutMs: 30_000 });
  const others: string[] = [];
  for (let n = 0; n < 5; n++) others.push((await addMonitor(actor, { kind: "http", componentId: component.id, name: `Fine ${n}`, url: `${fine.url}?n=${n}`, intervalSeconds: 30 })).id);
  const latest = await db.monitor.aggregate({ _max: { nextCheckAt: true } });
  const now = new Date(latest._max.nextCheckAt!.getTime() + 1);
  const pump = startMonitorPump({ clock: () => now, concurrency: 2, pollMs: 50 });
  try {
    await expect.poll(() => db.monitorCheck.count({ where: { monitorId: { in: others } } }), { timeout: 10_000, interval: 100 }).toBe(5);
  } finally {
    await pump.stop(0);
  }
});
