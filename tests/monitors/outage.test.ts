import { beforeAll, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { startCuttableDatabase } from "../support/cuttable-database";
import { startWorkerChild } from "../webhooks/worker-child";
import { addMonitor, workspaceWithComponent } from "./helpers";
import { startTarget } from "./targets";

// The app's own database goes away while a check runs: the worker (a process of its own, through a
// relay the test cuts) cannot record the result, keeps its lease, and once the database is back
// the check runs again and is recorded once. The target was fine all along: no outage, no
// incident, from the app's own trouble. Needs PostgreSQL (the relay and a second process).

const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(() => {
  process.env.MONITOR_ALLOW_PRIVATE_NETWORKS = "true";
});

it.runIf(onPostgres)("the database away mid-check: nothing recorded twice, no false incident, checks resume", async () => {
  const { tenant, actor, component } = await workspaceWithComponent();
  let delayMs = 0;
  const target = await startTarget((_request, response) => setTimeout(() => response.end("ok"), delayMs));
  const monitor = await addMonitor(actor, { kind: "http", componentId: component.id, name: "Steady", url: target.url, intervalSeconds: 30, failuresToDown: 1, incidentMode: "publish" });
  const relay = await startCuttableDatabase(process.env.DATABASE_URL!);
  const worker = await startWorkerChild({ DATABASE_URL: relay.url });
  const dueNow = () => db.monitor.update({ where: { id: monitor.id }, data: { nextCheckAt: new Date(), leaseUntil: null } });
  const rows = () => db.monitorCheck.findMany({ where: { monitorId: monitor.id } });
  try {
    await dueNow();
    await expect.poll(async () => (await rows()).length, { timeout: 20_000, interval: 100 }).toBe(1);

    // A check that takes a while; the database goes away while it runs.
    delayMs = 1_500;
    const hitsBefore = target.hits;
    await dueNow();
    await expect.poll(() => target.hits, { timeout: 20_000, interval: 50 }).toBe(hitsBefore + 1);
    await relay.cut();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await rows()).toHaveLength(1);
    const held = await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
    expect(held.leaseUntil).not.toBeNull();

    // Back; the lease runs out (moved to now rather than waited for) and the same due check runs again.
    await relay.restore();
    delayMs = 0;
    await db.monitor.update({ where: { id: monitor.id }, data: { leaseUntil: new Date(Date.now() - 1) } });
    await expect.poll(async () => (await rows()).length, { timeout: 30_000, interval: 100 }).toBe(2);
    const recorded = await rows();
    expect(new Set(recorded.map((row) => row.dueAt.getTime())).size).toBe(2);
    expect(recorded.every((row) => row.ok)).toBe(true);
    expect(await db.monitorOutage.count({ where: { monitorId: monitor.id } })).toBe(0);
    expect(await db.incident.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
    expect((await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).state).toBe("up");
  } finally {
    await worker.kill();
    await relay.close();
  }
}, 90_000);
