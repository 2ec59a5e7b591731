import { expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { RAW_DAYS, rollUpAndPrune } from "@/lib/domain/monitors/rollups";
import { addMonitor, workspaceWithComponent } from "./helpers";

// Raw results are summed per hour and per day, then deleted after 7 days; the sums go after 400.

it("sums the hours and days (count, failures, p50 and p95 of passing checks), twice gives the same, and prunes what is past keeping", async () => {
  const { actor, component } = await workspaceWithComponent();
  const monitor = await addMonitor(actor, { kind: "heartbeat", componentId: component.id, name: "Sums", intervalSeconds: 60 });
  const now = new Date("2026-11-27T12:30:00Z");
  const hourAgo = new Date("2026-11-27T11:00:00Z");
  const rows = Array.from({ length: 20 }, (_, n) => ({
    monitorId: monitor.id,
    place: "app",
    dueAt: new Date(hourAgo.getTime() + n * 60_000),
    checkedAt: new Date(hourAgo.getTime() + n * 60_000),
    ok: n % 10 !== 9,
    durationMs: (n + 1) * 10,
  }));
  const old = { monitorId: monitor.id, place: "app", dueAt: new Date(now.getTime() - (RAW_DAYS + 1) * 86_400_000), checkedAt: new Date(now.getTime() - (RAW_DAYS + 1) * 86_400_000), ok: true, durationMs: 5 };
  await db.monitorCheck.createMany({ data: [...rows, old] });
  await db.monitorRollup.create({ data: { monitorId: monitor.id, period: "day", bucket: new Date(now.getTime() - 401 * 86_400_000), checks: 1, failures: 0 } });
  await db.monitorRollup.create({ data: { monitorId: monitor.id, period: "day", bucket: new Date(now.getTime() - 399 * 86_400_000), checks: 1, failures: 0 } });

  const first = await rollUpAndPrune(now);
  expect(first.prunedChecks).toBe(1);
  expect(first.prunedRollups).toBe(1);
  await rollUpAndPrune(now);

  const hour = await db.monitorRollup.findUniqueOrThrow({ where: { monitorId_period_bucket: { monitorId: monitor.id, period: "hour", bucket: hourAgo } } });
  // 20 checks, 2 failed (n = 9, 19); the 18 passing ones took 10…180 ms without 100 and 200.
  expect(hour).toMatchObject({ checks: 20, failures: 2, p50Ms: 90, p95Ms: 190 });
  const day = await db.monitorRollup.findUniqueOrThrow({ where: { monitorId_period_bucket: { monitorId: monitor.id, period: "day", bucket: new Date("2026-11-27T00:00:00Z") } } });
  expect(day).toMatchObject({ checks: 20, failures: 2 });
  expect(await db.monitorCheck.count({ where: { monitorId: monitor.id } })).toBe(20);
  expect(await db.monitorRollup.count({ where: { monitorId: monitor.id, period: "day" } })).toBe(2);
});
