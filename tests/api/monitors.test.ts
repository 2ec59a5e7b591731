import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as monitor from "@/app/api/v1/monitors/[id]/route";
import * as results from "@/app/api/v1/monitors/[id]/results/route";
import * as publish from "@/app/api/v1/monitors/outages/[id]/publish/route";
import * as monitors from "@/app/api/v1/monitors/route";
import { db } from "@/lib/platform/db/client";
import { call, seedTenant, type Tenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

const PATH = "/api/v1/monitors";
const PUBLIC_URL = "https://93.184.215.14/health";

beforeEach(() => {
  delete process.env.MONITOR_ALLOW_PRIVATE_NETWORKS;
});
afterEach(() => {
  delete process.env.MONITOR_ALLOW_PRIVATE_NETWORKS;
});

async function componentOf(tenant: Tenant) {
  return db.statusComponent.create({ data: { workspaceId: tenant.workspace.id, name: "API" } });
}

async function createVia(tenant: Tenant, body: Record<string, unknown>) {
  const key = await tenant.key(["monitors:read", "monitors:write"]);
  return { key, result: await call(monitors.POST, "POST", PATH, { key, body }) };
}

describe("POST /api/v1/monitors", () => {
  itChecksKeys({
    handler: monitors.POST,
    method: "POST",
    path: PATH,
    scope: "monitors:write",
    request: async (tenant) => ({ body: { kind: "http", componentId: (await componentOf(tenant)).id, name: "API", url: PUBLIC_URL } }),
  });

  it("201: an HTTP monitor with its defaults and its first check within one interval", async () => {
    const tenant = await seedTenant();
    const component = await componentOf(tenant);
    const before = Date.now();
    const { result } = await createVia(tenant, { kind: "http", componentId: component.id, name: "API", url: PUBLIC_URL, intervalSeconds: 30, expectedStatus: [200, 204], keyword: "ok" });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ kind: "http", url: PUBLIC_URL, method: "GET", intervalSeconds: 30, failuresToDown: 2, successesToUp: 1, incidentMode: "draft", state: "pending", heartbeatUrl: null });
    const next = new Date(result.json.data.nextCheckAt).getTime();
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(31_000);
  });

  it("201: a heartbeat answers its secret URL; a TCP monitor its host and port", async () => {
    const tenant = await seedTenant();
    const component = await componentOf(tenant);
    const beat = await createVia(tenant, { kind: "heartbeat", componentId: component.id, name: "Nightly", intervalSeconds: 3600 });
    expect(beat.result.json.data.heartbeatUrl).toMatch(/\/api\/heartbeat\/[A-Za-z0-9_-]{32}$/);
    const tcp = await createVia(tenant, { kind: "tcp", componentId: component.id, name: "DB", host: "93.184.215.14", port: 5432 });
    expect(tcp.result.json.data).toMatchObject({ kind: "tcp", host: "93.184.215.14", port: 5432 });
  });

  it.each([
    ["a URL that is not one", { url: "not a url" }, "url", /full URL/],
    ["a private address", { url: "http://10.1.2.3/health" }, "url", /monitors go only to public addresses/],
    ["loopback", { url: "http://127.0.0.1:8080/" }, "url", /private, loopback/],
    ["the metadata service", { url: "http://169.254.169.254/latest/meta-data" }, "url", /private, loopback/],
    ["a port out of range", { url: "http://example.com:70000/" }, "url", /between 1 and 65535/],
    ["an interval not offered", { url: PUBLIC_URL, intervalSeconds: 10 }, "intervalSeconds", /one of: 30, 60, 300/],
    ["a timeout over 30 s", { url: PUBLIC_URL, timeoutMs: 60_000 }, "timeoutMs", /at most 30,000/],
    ["a header with a line break", { url: PUBLIC_URL, headers: { "x-token": "a\r\nb" } }, "headers.x-token", /control characters/],
  ])("400 for %s, on its field", async (_label, fields, path, message) => {
    const tenant = await seedTenant();
    const component = await componentOf(tenant);
    const { result } = await createVia(tenant, { kind: "http", componentId: component.id, name: "API", ...fields });
    expectValidationError(result, path);
    expect(JSON.stringify(result.json.details)).toMatch(message);
  });

  it("400 for a TCP port out of range, and for a component of another workspace", async () => {
    const tenant = await seedTenant();
    const component = await componentOf(tenant);
    expectValidationError((await createVia(tenant, { kind: "tcp", componentId: component.id, name: "DB", host: "93.184.215.14", port: 70_000 })).result, "port");
    const other = await componentOf(await seedTenant());
    expectValidationError((await createVia(tenant, { kind: "http", componentId: other.id, name: "API", url: PUBLIC_URL })).result, "componentId");
  });

  it("403 for a member's key: monitors are for admins and owners", async () => {
    const tenant = await seedTenant();
    const member = await tenant.member("MEMBER");
    const key = await tenant.key(["monitors:write"], { creatorId: member.id });
    expectError(await call(monitors.POST, "POST", PATH, { key, body: { kind: "heartbeat", componentId: (await componentOf(tenant)).id, name: "x" } }), 403, "FORBIDDEN");
  });
});

describe("GET, PATCH, DELETE /api/v1/monitors/{id}, probe results and publishing", () => {
  it("reads, changes (a new interval moves the next check), refuses a field of another kind, deletes", async () => {
    const tenant = await seedTenant();
    const component = await componentOf(tenant);
    const { key, result } = await createVia(tenant, { kind: "http", componentId: component.id, name: "API", url: PUBLIC_URL });
    const id = result.json.data.id;
    const listed = await call(monitors.GET, "GET", PATH, { key });
    expect(listed.json.data.map((row: { id: string }) => row.id)).toEqual([id]);
    const changed = await call(monitor.PATCH, "PATCH", `${PATH}/${id}`, { key, params: { id }, body: { intervalSeconds: 300, paused: true } });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toMatchObject({ intervalSeconds: 300, paused: true });
    expectValidationError(await call(monitor.PATCH, "PATCH", `${PATH}/${id}`, { key, params: { id }, body: { port: 22 } }), "port");
    expect((await call(monitor.DELETE, "DELETE", `${PATH}/${id}`, { key, params: { id } })).status).toBe(200);
    expectError(await call(monitor.GET, "GET", `${PATH}/${id}`, { key, params: { id } }), 404, "NOT_FOUND");
  });

  it("a probe's results count once per place and due time; with placesToDown 2, one failing place alone does not take it down", async () => {
    const tenant = await seedTenant();
    const component = await componentOf(tenant);
    const { key, result } = await createVia(tenant, { kind: "http", componentId: component.id, name: "API", url: PUBLIC_URL, failuresToDown: 1, placesToDown: 2 });
    const id = result.json.data.id;
    const dueAt = new Date().toISOString();
    const report = (place: string, ok: boolean, at = dueAt) => call(results.POST, "POST", `${PATH}/${id}/results`, { key, params: { id }, body: { place, dueAt: at, ok, durationMs: 20, error: ok ? null : "connection refused (ECONNREFUSED)" } });
    expect((await report("eu-west", false)).json.data).toEqual({ recorded: true });
    expect((await report("eu-west", false)).json.data).toEqual({ recorded: false });
    expect((await db.monitor.findUniqueOrThrow({ where: { id } })).state).not.toBe("down");
    await report("us-east", false);
    expect((await db.monitor.findUniqueOrThrow({ where: { id } })).state).toBe("down");
    expectValidationError(await call(results.POST, "POST", `${PATH}/${id}/results`, { key, params: { id }, body: { place: "EU West!", dueAt, ok: true } }), "place");

    const outage = await db.monitorOutage.findFirstOrThrow({ where: { monitorId: id } });
    const published = await call(publish.POST, "POST", `${PATH}/outages/${outage.id}/publish`, { key, params: { id: outage.id } });
    expect(published.status).toBe(201);
    expect(published.json.data.status).toBe("investigating");
    expectError(await call(publish.POST, "POST", `${PATH}/outages/${outage.id}/publish`, { key, params: { id: outage.id } }), 409, "CONFLICT");
  });
});
