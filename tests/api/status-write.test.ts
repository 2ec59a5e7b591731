import { describe, expect, it } from "vitest";
import * as components from "@/app/api/v1/status/components/route";
import * as component from "@/app/api/v1/status/components/[id]/route";
import * as reorder from "@/app/api/v1/status/components/reorder/route";
import * as maintenance from "@/app/api/v1/status/maintenance/route";
import * as window from "@/app/api/v1/status/maintenance/[id]/route";
import * as end from "@/app/api/v1/status/maintenance/[id]/end/route";
import * as incidents from "@/app/api/v1/status/incidents/route";
import { db } from "@/lib/platform/db/client";
import { call, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

async function setup() {
  const tenant = await seedTenant();
  return { tenant, key: await tenant.key(["status:read", "status:write"]) };
}
const addComponent = (key: string, name: string) => call(components.POST, "POST", "/api/v1/status/components", { key, body: { name } });
const eventCount = (workspaceId: string, type: string) => db.event.count({ where: { workspaceId, type } });

describe("status components", () => {
  itChecksKeys({ handler: components.POST, method: "POST", path: "/api/v1/status/components", scope: "status:write", request: () => ({ body: { name: "API" } }) });
  itChecksKeys({ handler: component.PATCH, method: "PATCH", path: "/api/v1/status/components/x", scope: "status:write", request: () => ({ params: { id: "s_none" }, body: { name: "API" } }) });
  itChecksKeys({ handler: reorder.POST, method: "POST", path: "/api/v1/status/components/reorder", scope: "status:write", request: () => ({ body: { ids: ["s_none"] } }) });

  it("create, update (stale If-Match 412), reorder and delete, each with its event; 403 PLAN_LIMIT past 10 on Free", async () => {
    const { tenant, key } = await setup();
    const api = await addComponent(key, "API");
    expect(api.status).toBe(201);
    expect(api.json.data).toMatchObject({ name: "API", status: "operational" });
    const web = (await addComponent(key, "Web")).json.data.id;
    const id = api.json.data.id;
    const params = { id };
    const etag = (await call(component.GET, "GET", `/api/v1/status/components/${id}`, { key, params })).headers.get("etag")!;
    const renamed = await call(component.PATCH, "PATCH", `/api/v1/status/components/${id}`, { key, params, body: { name: "Public API" } });
    expect(renamed.json.data.name).toBe("Public API");
    expectError(await call(component.PATCH, "PATCH", `/api/v1/status/components/${id}`, { key, params, body: { name: "Mine" }, headers: { "If-Match": etag } }), 412, "PRECONDITION_FAILED");
    expectValidationError(await call(component.PATCH, "PATCH", `/api/v1/status/components/${id}`, { key, params, body: { name: "" } }), "name");

    const ordered = await call(reorder.POST, "POST", "/api/v1/status/components/reorder", { key, body: { ids: [web, id] } });
    expect(ordered.json.data).toEqual({ ids: [web, id] });
    expectError(await call(reorder.POST, "POST", "/api/v1/status/components/reorder", { key, body: { ids: [web] } }), 409, "CONFLICT");
    expect((await call(component.DELETE, "DELETE", `/api/v1/status/components/${web}`, { key, params: { id: web } })).json.data).toEqual({ id: web });

    for (const type of ["created", "updated", "reordered", "deleted"]) expect(await eventCount(tenant.workspace.id, `status_component.${type}`)).toBeGreaterThan(0);
    for (let i = 0; i < 9; i++) await addComponent(key, `C${i}`);
    expectError(await addComponent(key, "Eleventh"), 403, "PLAN_LIMIT");
  });

  it("409 deleting a component an active incident affects; nothing deleted", async () => {
    const { key } = await setup();
    const id = (await addComponent(key, "API")).json.data.id;
    await call(incidents.POST, "POST", "/api/v1/status/incidents", { key, body: { title: "Down", message: "Looking", impact: "major", components: [{ id, status: "major_outage" }] } });
    expectError(await call(component.DELETE, "DELETE", `/api/v1/status/components/${id}`, { key, params: { id } }), 409, "CONFLICT");
    expect(await db.statusComponent.count({ where: { id } })).toBe(1);
  });
});

describe("maintenance windows", () => {
  itChecksKeys({
    handler: maintenance.POST,
    method: "POST",
    path: "/api/v1/status/maintenance",
    scope: "status:write",
    request: () => ({ body: { title: "DB", startsAt: new Date(Date.now() + 3_600_000).toISOString(), endsAt: new Date(Date.now() + 7_200_000).toISOString(), componentIds: ["s_none"] } }),
  });

  it("schedule (maintenance.scheduled), read with an ETag, cancel an upcoming one; end a running one; 404/400/409 for bad input", async () => {
    const { tenant, key } = await setup();
    const id = (await addComponent(key, "API")).json.data.id;
    const later = { title: "DB upgrade", startsAt: new Date(Date.now() + 3_600_000).toISOString(), endsAt: new Date(Date.now() + 7_200_000).toISOString(), componentIds: [id] };
    const scheduled = await call(maintenance.POST, "POST", "/api/v1/status/maintenance", { key, body: later });
    expect(scheduled.status).toBe(201);
    expect(scheduled.json.data).toMatchObject({ title: "DB upgrade", state: "upcoming", components: [{ id, name: "API" }] });
    expect(await eventCount(tenant.workspace.id, "maintenance.scheduled")).toBe(1);
    const windowId = scheduled.json.data.id;
    expect((await call(window.GET, "GET", `/api/v1/status/maintenance/${windowId}`, { key, params: { id: windowId } })).headers.get("etag")).toBeTruthy();
    expectError(await call(end.POST, "POST", `/api/v1/status/maintenance/${windowId}/end`, { key, params: { id: windowId } }), 409, "CONFLICT");
    expect((await call(window.DELETE, "DELETE", `/api/v1/status/maintenance/${windowId}`, { key, params: { id: windowId } })).json.data).toEqual({ id: windowId });

    const running = await call(maintenance.POST, "POST", "/api/v1/status/maintenance", { key, body: { ...later, startsAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(running.json.data.state).toBe("in_progress");
    const runningId = running.json.data.id;
    expectError(await call(window.DELETE, "DELETE", `/api/v1/status/maintenance/${runningId}`, { key, params: { id: runningId } }), 409, "CONFLICT");
    const ended = await call(end.POST, "POST", `/api/v1/status/maintenance/${runningId}/end`, { key, params: { id: runningId } });
    expect(ended.json.data.state).toBe("completed");

    const missing = await call(maintenance.POST, "POST", "/api/v1/status/maintenance", { key, body: { ...later, componentIds: ["s_missing"] } });
    expectError(missing, 404, "NOT_FOUND");
    expectValidationError(await call(maintenance.POST, "POST", "/api/v1/status/maintenance", { key, body: { ...later, endsAt: later.startsAt } }), "endsAt");
  });
});

describe("key checks of the remaining status endpoints", () => {
  itChecksKeys({ handler: component.GET, method: "GET", path: "/api/v1/status/components/x", scope: "status:read", request: () => ({ params: { id: "s_none" } }) });
  itChecksKeys({ handler: component.DELETE, method: "DELETE", path: "/api/v1/status/components/x", scope: "status:write", request: () => ({ params: { id: "s_none" } }) });
  itChecksKeys({ handler: window.GET, method: "GET", path: "/api/v1/status/maintenance/x", scope: "status:read", request: () => ({ params: { id: "m_none" } }) });
  itChecksKeys({ handler: window.DELETE, method: "DELETE", path: "/api/v1/status/maintenance/x", scope: "status:write", request: () => ({ params: { id: "m_none" } }) });
  itChecksKeys({ handler: end.POST, method: "POST", path: "/api/v1/status/maintenance/x/end", scope: "status:write", request: () => ({ params: { id: "m_none" } }) });
});
