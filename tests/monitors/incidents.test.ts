import { beforeAll, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { publishOutage } from "@/lib/domain/monitors/publish-outage";
import { recordResult } from "@/lib/domain/monitors/record-result";
import { claimDueMonitors, runClaimedCheck } from "@/lib/domain/monitors/monitor-pump";
import { deleteMonitor } from "@/lib/domain/monitors/delete-monitor";
import { MAX_OUTAGES_PER_HOUR } from "@/lib/domain/monitors/transitions";
import { expectApiError } from "../support/actors";
import { addMonitor, runNextCheck, workspaceWithComponent } from "./helpers";
import { startTarget } from "./targets";

// From checks to the status page: the component follows the monitor's state, an outage opens a
// draft incident (or a published one), a member publishes a draft with one click, recovery resolves
// it with a timeline written for the reader, and a flapping target makes no storm of incidents.

beforeAll(() => {
  process.env.MONITOR_ALLOW_PRIVATE_NETWORKS = "true";
});

const failing = (_request: unknown, response: import("node:http").ServerResponse) => {
  response.statusCode = 503;
  response.end("down");
};

async function componentStatus(id: string) {
  return (await db.statusComponent.findUniqueOrThrow({ where: { id } })).status;
}

async function eventTypes(workspaceId: string) {
  return (await db.event.findMany({ where: { workspaceId, type: { startsWith: "monitor." } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((event) => event.type);
}

it("down after two failures: the component is a major outage and a draft waits; publishing makes the incident; recovery resolves it with the times and the reason", async () => {
  const { tenant, actor, component } = await workspaceWithComponent();
  const target = await startTarget();
  const monitor = await addMonitor(actor, { kind: "http", componentId: component.id, name: "API health", url: target.url, intervalSeconds: 30 });

  await runNextCheck(monitor.id);
  expect((await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).state).toBe("up");
  target.answer(failing);
  await runNextCheck(monitor.id);
  expect(await componentStatus(component.id)).toBe("operational");
  await runNextCheck(monitor.id);
  expect(await componentStatus(component.id)).toBe("major_outage");

  const [outage] = await db.monitorOutage.findMany({ where: { monitorId: monitor.id } });
  expect(outage).toMatchObject({ incidentId: null, endedAt: null, reason: "Answered 503.", previousStatus: "operational" });
  expect(await db.incident.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  expect(await eventTypes(tenant.workspace.id)).toEqual(["monitor.down"]);

  // One click by a member (not only admins).
  const member = await tenant.member("MEMBER");
  const { actorOf } = await import("../support/actors");
  const incident = await publishOutage(await actorOf(tenant, member), outage!.id);
  expect(incident.title).toBe("API is not responding");
  expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "incident.created" } })).toBe(1);
  await expectApiError(publishOutage(actor, outage!.id), "CONFLICT");

  target.answer((_request, response) => response.end("ok"));
  await runNextCheck(monitor.id);
  expect(await componentStatus(component.id)).toBe("operational");
  const resolved = await db.incident.findUniqueOrThrow({ where: { id: incident.id }, include: { updates: { orderBy: { createdAt: "asc" } } } });
  expect(resolved.status).toBe("resolved");
  expect(resolved.updates.at(-1)!.message).toMatch(/^Checks from the monitor “API health” failed from \d\d:\d\d to \d\d:\d\d UTC: Answered 503\. They pass again; this incident is resolved\.$/);
  expect(await eventTypes(tenant.workspace.id)).toEqual(["monitor.down", "monitor.up"]);
});

it("published at once when the admin chose so; a draft left alone is closed on recovery, and the component restored", async () => {
  const { tenant, actor, component } = await workspaceWithComponent();
  const target = await startTarget(failing);
  const published = await addMonitor(actor, { kind: "http", componentId: component.id, name: "Site", url: target.url, intervalSeconds: 60, failuresToDown: 1, incidentMode: "publish" });
  await runNextCheck(published.id);
  const incident = await db.incident.findFirstOrThrow({ where: { workspaceId: tenant.workspace.id }, include: { updates: true } });
  expect(incident.status).toBe("investigating");
  expect(incident.updates[0]!.message).toMatch(/^Checks from the monitor “Site” have been failing since .* UTC: Answered 503\. We are looking into it\.$/);
  target.answer((_request, response) => response.end("ok"));
  await runNextCheck(published.id);
  expect((await db.incident.findUniqueOrThrow({ where: { id: incident.id } })).status).toBe("resolved");
  expect(await componentStatus(component.id)).toBe("operational");
});

it("a flapping target opens at most a couple of outages an hour, then shows as a partial outage: no incident storm", async () => {
  const { tenant, actor, component } = await workspaceWithComponent();
  let n = 0;
  const target = await startTarget((_request, response) => {
    n += 1;
    response.statusCode = n % 2 ? 503 : 200;
    response.end();
  });
  const monitor = await addMonitor(actor, { kind: "http", componentId: component.id, name: "Flappy", url: target.url, intervalSeconds: 30, failuresToDown: 1, successesToUp: 1, incidentMode: "publish" });
  for (let check = 0; check < 30; check++) await runNextCheck(monitor.id);
  expect(n).toBe(30);
  expect(await db.monitorOutage.count({ where: { monitorId: monitor.id } })).toBe(MAX_OUTAGES_PER_HOUR);
  expect(await db.incident.count({ where: { workspaceId: tenant.workspace.id } })).toBe(MAX_OUTAGES_PER_HOUR);
  const types = await eventTypes(tenant.workspace.id);
  expect(types.filter((type) => type === "monitor.down")).toHaveLength(MAX_OUTAGES_PER_HOUR);
  expect(types).toContain("monitor.degraded");
  // The 30th check passed: the monitor is up and the component back.
  expect(await componentStatus(component.id)).toBe("operational");
});

it("a result recorded twice (a retry after a lost write) is kept once; a monitor deleted while its check runs records nothing", async () => {
  const { actor, component } = await workspaceWithComponent();
  const target = await startTarget(failing);
  const monitor = await addMonitor(actor, { kind: "http", componentId: component.id, name: "Twice", url: target.url, intervalSeconds: 30 });
  const before = await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  const result = { monitorId: monitor.id, workspaceId: before.workspaceId, place: "app", dueAt: before.nextCheckAt, outcome: { ok: false, degraded: false, durationMs: 5, statusCode: 503, error: "Answered 503." }, now: new Date(), scheduled: false };
  expect(await recordResult(result)).toBe("recorded");
  expect(await recordResult(result)).toBe("duplicate");
  expect(await db.monitorCheck.count({ where: { monitorId: monitor.id } })).toBe(1);
  expect((await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).failureStreak).toBe(1);

  const at = () => new Date(before.nextCheckAt.getTime() + 10);
  const [claim] = await claimDueMonitors(10, at);
  expect(claim?.id).toBe(monitor.id);
  await deleteMonitor(actor, monitor.id);
  await expect(runClaimedCheck(claim!, at)).resolves.toBeUndefined();
  expect(await db.monitorCheck.count({ where: { monitorId: monitor.id } })).toBe(0);
});

it("a result that changed the row while the check ran (another place's failure) is counted from the row as it is then", async () => {
  const { actor, component } = await workspaceWithComponent();
  const target = await startTarget(failing);
  const monitor = await addMonitor(actor, { kind: "http", componentId: component.id, name: "Meanwhile", url: target.url, intervalSeconds: 30, failuresToDown: 2 });
  const due = new Date(monitor.nextCheckAt);
  const at = () => new Date(due.getTime() + 50);
  const [claim] = await claimDueMonitors(10, at);
  expect(claim?.failureStreak).toBe(0);
  // A probe agent's failure lands after the claim read the row: the app's own failure is the second
  // in a row, not the first the claim saw.
  const probe = { ok: false, degraded: false, durationMs: 5, statusCode: 503, error: "Answered 503." };
  expect(await recordResult({ monitorId: monitor.id, workspaceId: claim!.workspaceId, place: "eu", dueAt: due, outcome: probe, now: at(), scheduled: false })).toBe("recorded");
  await runClaimedCheck(claim!, at);
  const row = await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  expect(row).toMatchObject({ state: "down", failureStreak: 2, leaseUntil: null });
  expect(row.nextCheckAt.getTime()).toBeGreaterThan(due.getTime());
  expect(await db.monitorCheck.count({ where: { monitorId: monitor.id } })).toBe(2);
  expect(await db.monitorOutage.count({ where: { monitorId: monitor.id } })).toBe(1);
  expect(await componentStatus(component.id)).toBe("major_outage");
});

it("the status page's uptime comes from the checks where a monitor exists, and its day shows the outage", async () => {
  const { tenant, actor, component } = await workspaceWithComponent();
  const target = await startTarget();
  const monitor = await addMonitor(actor, { kind: "http", componentId: component.id, name: "Uptime", url: target.url, intervalSeconds: 30 });
  for (let n = 0; n < 6; n++) await runNextCheck(monitor.id);
  target.answer(failing);
  const failedAt: Date[] = [];
  for (let n = 0; n < 2; n++) failedAt.push(await runNextCheck(monitor.id));
  target.answer((_request, response) => response.end("ok"));
  let lastCheckAt = failedAt[1]!;
  for (let n = 0; n < 2; n++) lastCheckAt = await runNextCheck(monitor.id);
  const { getPublicStatus } = await import("@/lib/domain/status/get-public-status");
  const { scopedDb } = await import("@/lib/platform/db/scoped");
  // Read a minute after the last check, and find the outage by its date: near midnight UTC the
  // checks and "now" can fall on different days.
  const status = await getPublicStatus(scopedDb(tenant.workspace.id), { history: true, now: new Date(lastCheckAt.getTime() + 60_000) });
  const uptime = (status.data.components[0] as { uptime?: { percent: number | null; days: { date: string; state: string }[] } }).uptime!;
  // 2 of 10 checks failed.
  expect(uptime.percent).toBe(80);
  const outageDay = failedAt[0]!.toISOString().slice(0, 10);
  expect(uptime.days.find((day) => day.date === outageDay)?.state).toBe("major_outage");
});
