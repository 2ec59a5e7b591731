import { beforeAll, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { POST, GET } from "@/app/api/heartbeat/[token]/route";
import { BEATS_PER_MINUTE } from "@/lib/domain/monitors/receive-heartbeat";
import { holdClock } from "../support/held-clock";
import { addMonitor, runNextCheck, workspaceWithComponent } from "./helpers";

// A heartbeat monitor: a job calls its secret URL; the app marks the component down when it stops.

beforeAll(() => {
  process.env.MONITOR_ALLOW_PRIVATE_NETWORKS = "true";
});

function beat(token: string, method: "GET" | "POST" = "POST", ip = "203.0.113.5") {
  const handler = method === "POST" ? POST : GET;
  return handler(new Request(`http://localhost/api/heartbeat/${token}`, { method, headers: { "x-client-ip": ip } }), { params: Promise.resolve({ token }) });
}

it("a beat within the interval keeps it up; silence past it takes the component down; a beat brings it back", async () => {
  const { actor, component } = await workspaceWithComponent("Nightly export");
  const monitor = await addMonitor(actor, { kind: "heartbeat", componentId: component.id, name: "Export job", intervalSeconds: 60 });
  const token = new URL(monitor.heartbeatUrl!).pathname.split("/").at(-1)!;
  expect(monitor.heartbeatUrl).toMatch(/\/api\/heartbeat\/[A-Za-z0-9_-]{32}$/);

  // Beat "now" in the monitor's frame: the check at its due time sees a beat within the minute.
  // The monitor is dated two minutes before its first check: that check can fall within seconds
  // of its making, and a beat dated before the making would not count as the latest thing seen.
  const first = await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  const beatAt = new Date(first.nextCheckAt.getTime() - 10_000);
  await db.monitor.update({ where: { id: monitor.id }, data: { lastBeatAt: beatAt, createdAt: new Date(first.nextCheckAt.getTime() - 120_000) } });
  const response = await beat(token, "GET");
  expect(response.status).toBe(200);
  await db.monitor.update({ where: { id: monitor.id }, data: { lastBeatAt: beatAt } });
  await runNextCheck(monitor.id);
  expect((await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).state).toBe("up");

  // No beat for two more intervals: two failures, down.
  await runNextCheck(monitor.id);
  await runNextCheck(monitor.id);
  const down = await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  expect(down.state).toBe("down");
  expect(down.lastError).toMatch(/^no heartbeat since \d\d:\d\d UTC \(expected every 60 s\)$/);
  expect((await db.statusComponent.findUniqueOrThrow({ where: { id: component.id } })).status).toBe("major_outage");

  // A beat arrives: the monitor is due at once, and up.
  const beforeBeat = down.nextCheckAt;
  expect((await beat(token)).status).toBe(200);
  const after = await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  expect(after.nextCheckAt.getTime()).toBeLessThan(beforeBeat.getTime());
  await db.monitor.update({ where: { id: monitor.id }, data: { lastCheckedAt: new Date(after.nextCheckAt.getTime() - 30_000) } });
  await runNextCheck(monitor.id);
  expect((await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).state).toBe("up");
  expect((await db.statusComponent.findUniqueOrThrow({ where: { id: component.id } })).status).toBe("operational");
});

it("a wrong secret is 404 with the error envelope; a flood is rate limited with Retry-After", async () => {
  const { actor, component } = await workspaceWithComponent("Cron");
  const monitor = await addMonitor(actor, { kind: "heartbeat", componentId: component.id, name: "Cron", intervalSeconds: 300 });
  const token = new URL(monitor.heartbeatUrl!).pathname.split("/").at(-1)!;

  const wrong = await beat("A".repeat(32));
  expect(wrong.status).toBe(404);
  expect(await wrong.json()).toMatchObject({ success: false, code: "NOT_FOUND", error: "No heartbeat has this address. Copy it again from the monitor's page." });
  expect((await beat("not-a-token")).status).toBe(404);

  holdClock();
  const statuses: number[] = [];
  for (let n = 0; n < BEATS_PER_MINUTE + 5; n++) statuses.push((await beat(token)).status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(BEATS_PER_MINUTE);
  const limited = await beat(token);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

  // Someone guessing secrets from one address is refused after a few wrong ones.
  const guesses: number[] = [];
  for (let n = 0; n < 30; n++) guesses.push((await beat(`${"B".repeat(31)}${n % 10}`, "POST", "198.51.100.7")).status);
  expect(guesses).toContain(429);
});
