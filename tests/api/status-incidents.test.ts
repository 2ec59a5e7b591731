import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/status/incidents/route";
import * as item from "@/app/api/v1/status/incidents/[id]/route";
import { db } from "@/lib/platform/db/client";
import type { ComponentStatus, IncidentStatus } from "@/lib/generated/prisma/enums";
import { call, seedTenant, type Tenant } from "../support/api";
import { expectError, expectValidationError, itAnswers405, itChecksKeys, itRejectsQueries } from "../support/endpoint-checklist";
import { expectEachExactlyOnce, onlyPreExisting, walkAllPages } from "../support/pagination";

const LIST = "/api/v1/status/incidents";

async function statusTenant(options: { plan?: "FREE" | "PRO" } = {}) {
  const tenant = await seedTenant(options);
  return { tenant, key: await tenant.key(["status:read", "status:write"]) };
}

async function seedComponent(workspaceId: string, data: Partial<{ name: string; status: ComponentStatus; position: number }> = {}) {
  return db.statusComponent.create({ data: { workspaceId, name: data.name ?? "API", ...data } });
}

async function seedIncident(tenant: Tenant, data: Partial<{ title: string; status: IncidentStatus; createdAt: Date; resolvedAt: Date }> = {}) {
  return db.incident.create({ data: { workspaceId: tenant.workspace.id, title: data.title ?? "Outage", ...data } });
}

const openIncident = (key: string, body: unknown) => call(collection.POST, "POST", LIST, { key, body });
const getIncident = (key: string, id: string) => call(item.GET, "GET", `${LIST}/${encodeURIComponent(id)}`, { key, params: { id } });
const patchIncident = (key: string, id: string, body: unknown) => call(item.PATCH, "PATCH", `${LIST}/${id}`, { key, params: { id }, body });

async function componentStatus(id: string) {
  return (await db.statusComponent.findUniqueOrThrow({ where: { id } })).status;
}

/** Everything an incident write can touch, to assert that a refused one touched nothing. */
async function snapshot(workspaceId: string) {
  const where = { workspaceId };
  return {
    incidents: await db.incident.findMany({ where, orderBy: { id: "asc" } }),
    updates: await db.incidentUpdate.findMany({ where, orderBy: { id: "asc" } }),
    links: await db.incidentComponent.findMany({ where, orderBy: [{ incidentId: "asc" }, { componentId: "asc" }] }),
    components: await db.statusComponent.findMany({ where, orderBy: { id: "asc" } }),
  };
}

describe("GET /api/v1/status/incidents", () => {
  itChecksKeys({ handler: collection.GET, method: "GET", path: LIST, scope: "status:read" });

  it("200 lists this workspace's incidents newest first, with affected components and the latest update", async () => {
    const { tenant, key } = await statusTenant();
    const other = await statusTenant();
    await openIncident(other.key, { title: "foreign", message: "m" });
    const api = await seedComponent(tenant.workspace.id, { name: "API", position: 1 });
    const web = await seedComponent(tenant.workspace.id, { name: "Web", position: 0 });
    const older = (await openIncident(key, { title: "Older", message: "first" })).json.data;
    const newer = (await openIncident(key, {
      title: "Newer",
      message: "Errors on the API",
      impact: "major",
      components: [{ id: api.id, status: "major_outage" }, { id: web.id, status: "degraded_performance" }],
    })).json.data;
    await patchIncident(key, newer.id, { status: "identified", message: "Found it", impact: "critical" });

    const result = await call(collection.GET, "GET", LIST, { key });
    expect(result.status).toBe(200);
    expect(result.json.pagination).toEqual({ nextCursor: null, hasMore: false });
    expect(result.json.data.map((incident: { id: string }) => incident.id)).toEqual([newer.id, older.id]);
    const row = result.json.data[0];
    expect(Object.keys(row).sort()).toEqual(["componentIds", "createdAt", "id", "impact", "latestUpdate", "resolvedAt", "status", "title", "updatedAt"]);
    expect(row).toMatchObject({
      title: "Newer",
      status: "identified",
      impact: "critical",
      resolvedAt: null,
      componentIds: [web.id, api.id],
      latestUpdate: { status: "identified", impact: "critical", message: "Found it", createdAt: expect.stringMatching(/Z$/) },
    });
    expect(Object.keys(row.latestUpdate).sort()).toEqual(["createdAt", "impact", "message", "status"]);
    expect(result.json.data[1]).toMatchObject({ componentIds: [], latestUpdate: { status: "investigating", impact: "minor", message: "first" } });
  });

  it("filters by state: active, resolved, all (the default)", async () => {
    const { key } = await statusTenant();
    const active = (await openIncident(key, { title: "Active", message: "m" })).json.data;
    const resolved = (await openIncident(key, { title: "Resolved", message: "m" })).json.data;
    await patchIncident(key, resolved.id, { status: "resolved", message: "Fixed" });

    const ids = async (query: Record<string, string>) =>
      (await call(collection.GET, "GET", LIST, { key, query })).json.data.map((incident: { id: string }) => incident.id);
    expect(await ids({ state: "active" })).toEqual([active.id]);
    expect(await ids({ state: "resolved" })).toEqual([resolved.id]);
    expect(await ids({ state: "all" })).toEqual([resolved.id, active.id]);
    expect(await ids({})).toEqual([resolved.id, active.id]);
  });

  it("walking every page while incidents are opened returns each pre-existing one exactly once", async () => {
    const { tenant, key } = await statusTenant();
    const base = Date.now() - 3_600_000;
    // Shared timestamps make the id tie-break carry the order.
    const existing = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        seedIncident(tenant, {
          title: `i${i}`,
          createdAt: new Date(base + (i % 4) * 1000),
          ...(i % 3 === 0 ? { status: "resolved" as const, resolvedAt: new Date(base + 5000) } : {}),
        }),
      ),
    );
    for (const state of ["all", "active", "resolved"] as const) {
      const expected = existing.filter((incident) => state === "all" || (state === "resolved") === (incident.resolvedAt !== null));
      const { ids } = await walkAllPages({
        limit: 3,
        fetch: (query) => call(collection.GET, "GET", LIST, { key, query: { ...query, state } }),
        meanwhile: () => openIncident(key, { title: "opened meanwhile", message: "m" }),
      });
      expectEachExactlyOnce(onlyPreExisting(ids, existing), expected);
    }
  });

  itRejectsQueries({
    handler: collection.GET,
    path: LIST,
    key: async () => (await statusTenant()).key,
    cases: [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "abc" }, "limit"],
      [{ state: "open" }, "state"],
      [{ state: "active\u0000" }, "state"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ status: "resolved" }, "status"],
    ],
  });

  itAnswers405(collection, LIST, { methods: ["DELETE"], allow: "GET, POST, HEAD" });
});

describe("POST /api/v1/status/incidents", () => {
  itChecksKeys({
    handler: collection.POST,
    method: "POST",
    path: LIST,
    scope: "status:write",
    request: async (tenant) => ({
      body: { title: "Outage", message: "Looking", components: [{ id: (await seedComponent(tenant.workspace.id)).id, status: "major_outage" }] },
    }),
  });

  it("201 opens the incident with its first update, links the components and sets their statuses", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id, { name: "API", position: 0 });
    const web = await seedComponent(tenant.workspace.id, { name: "Web", position: 1, status: "under_maintenance" });
    const untouched = await seedComponent(tenant.workspace.id, { name: "Docs", position: 2 });

    const result = await openIncident(key, {
      title: "  Elevated errors ",
      message: "We are looking into it.",
      impact: "major",
      components: [{ id: web.id, status: "partial_outage" }, { id: api.id, status: "major_outage" }],
    });
    expect(result.status).toBe(201);
    const incident = result.json.data;
    expect(incident).toMatchObject({
      title: "Elevated errors",
      status: "investigating",
      impact: "major",
      resolvedAt: null,
      componentIds: [api.id, web.id],
      latestUpdate: { status: "investigating", impact: "major", message: "We are looking into it." },
      updates: [{ id: expect.any(String), status: "investigating", impact: "major", message: "We are looking into it." }],
      components: [
        { id: api.id, name: "API", status: "major_outage" },
        { id: web.id, name: "Web", status: "partial_outage" },
      ],
    });
    expect(incident.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(incident.updates[0].createdAt).toBe(incident.createdAt);

    const links = await db.incidentComponent.findMany({ where: { incidentId: incident.id }, orderBy: { componentId: "asc" } });
    expect(Object.fromEntries(links.map((link) => [link.componentId, link.previousStatus]))).toEqual({ [api.id]: "operational", [web.id]: "under_maintenance" });
    expect(await componentStatus(untouched.id)).toBe("operational");
  });

  it("defaults: investigating, minor, no components", async () => {
    const { key } = await statusTenant();
    const result = await openIncident(key, { title: "Slow", message: "Checking", status: "identified" });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ status: "identified", impact: "minor", componentIds: [], components: [] });
    expect((await openIncident(key, { title: "Slow", message: "Checking" })).json.data.status).toBe("investigating");
  });

  it("404 for another workspace's component or a random id, same body, and nothing written", async () => {
    const { tenant, key } = await statusTenant();
    const other = await statusTenant();
    const own = await seedComponent(tenant.workspace.id);
    const foreign = await seedComponent(other.tenant.workspace.id, { name: "Foreign" });
    const before = await snapshot(tenant.workspace.id);
    const foreignBefore = await snapshot(other.tenant.workspace.id);
    const bodies = [];
    for (const id of [foreign.id, "no-such-component"]) {
      const result = await openIncident(key, {
        title: "x",
        message: "m",
        components: [{ id: own.id, status: "major_outage" }, { id, status: "major_outage" }],
      });
      expectError(result, 404, "NOT_FOUND");
      expect(result.json.error).not.toContain(foreign.id);
      bodies.push({ ...result.json, requestId: undefined });
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(await snapshot(tenant.workspace.id)).toEqual(before);
    expect(await snapshot(other.tenant.workspace.id)).toEqual(foreignBefore);
  });

  it.each([
    [{ message: "m" }, "title"],
    [{ title: "x" }, "message"],
    [{ title: "", message: "m" }, "title"],
    [{ title: "x".repeat(201), message: "m" }, "title"],
    [{ title: "nul\u0000", message: "m" }, "title"],
    [{ title: "x", message: "lone \ud800 surrogate" }, "message"],
    [{ title: "x", message: "m", status: "resolved" }, "status"],
    [{ title: "x", message: "m", impact: "catastrophic" }, "impact"],
    [{ title: "x", message: "m", extra: true }, "extra"],
    [{ title: "x", message: "m", components: "all" }, "components"],
    [{ title: "x", message: "m", components: [{ id: "c1" }] }, "components.0.status"],
    [{ title: "x", message: "m", components: [{ id: "c1", status: "down" }] }, "components.0.status"],
    [{ title: "x", message: "m", components: [{ id: "c1", status: "major_outage", name: "n" }] }, "components.0.name"],
    [{ title: "x", message: "m", components: [{ id: "c\u00001", status: "major_outage" }] }, "components.0.id"],
  ])("400 with details for %j, nothing written", async (body, path) => {
    const { tenant, key } = await statusTenant();
    const result = await openIncident(key, body);
    expectValidationError(result, path);
    expect(await db.incident.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("400 for the same component listed twice, naming the repeat, and nothing written", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id);
    const before = await snapshot(tenant.workspace.id);
    const result = await openIncident(key, {
      title: "x",
      message: "m",
      components: [{ id: api.id, status: "major_outage" }, { id: api.id, status: "operational" }],
    });
    expectError(result, 400, "VALIDATION_ERROR");
    expect(result.json.details).toEqual([expect.objectContaining({ path: "components.1.id", code: "custom" })]);
    expect(await snapshot(tenant.workspace.id)).toEqual(before);
  });

  it("concurrent incidents on one component each remember the status before any of them", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id, { status: "degraded_performance" });
    const results = await Promise.all(
      ["major_outage", "partial_outage", "major_outage", "partial_outage"].map((status, i) =>
        openIncident(key, { title: `race ${i}`, message: "m", components: [{ id: api.id, status }] }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201]);
    const links = await db.incidentComponent.findMany({ where: { componentId: api.id } });
    expect(links.map((link) => link.previousStatus)).toEqual(Array(4).fill("degraded_performance"));
    for (const result of results) {
      expect((await patchIncident(key, result.json.data.id, { status: "resolved", message: "done" })).status).toBe(200);
    }
    expect(await componentStatus(api.id)).toBe("degraded_performance");
  });
});

describe("GET /api/v1/status/incidents/{id}", () => {
  itChecksKeys({
    handler: item.GET,
    method: "GET",
    path: `${LIST}/x`,
    scope: "status:read",
    request: async (tenant) => ({ params: { id: (await seedIncident(tenant)).id } }),
  });

  it("200 with the whole timeline oldest first and the affected components as they are now", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id, { name: "API" });
    const incident = (await openIncident(key, { title: "Down", message: "one", components: [{ id: api.id, status: "major_outage" }] })).json.data;
    for (const [status, message] of [["identified", "two"], ["identified", "three"], ["monitoring", "four"]]) {
      expect((await patchIncident(key, incident.id, { status, message })).status).toBe(200);
    }
    const result = await getIncident(key, incident.id);
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({
      id: incident.id,
      status: "monitoring",
      latestUpdate: { message: "four" },
      components: [{ id: api.id, name: "API", status: "major_outage" }],
    });
    expect(result.json.data.updates.map((update: { status: string; message: string }) => `${update.status}:${update.message}`)).toEqual([
      "investigating:one",
      "identified:two",
      "identified:three",
      "monitoring:four",
    ]);
    const times = result.json.data.updates.map((update: { createdAt: string }) => update.createdAt);
    expect(times).toEqual([...times].sort());
    expect(new Set(times).size).toBe(times.length);
  });

  it("404 with the same body shape for another workspace's incident and a random id", async () => {
    const { key } = await statusTenant();
    const other = await statusTenant();
    const foreign = await seedIncident(other.tenant);
    const shapes = [];
    for (const id of [foreign.id, "no-such-incident", "../etc", "x".repeat(500)]) {
      const result = await getIncident(key, id);
      expectError(result, 404, "NOT_FOUND");
      shapes.push(Object.keys(result.json).sort().join());
    }
    expect(new Set(shapes).size).toBe(1);
  });

  itAnswers405(item, `${LIST}/x`, { methods: ["PUT"], allow: "GET, PATCH, HEAD" });
});

describe("PATCH /api/v1/status/incidents/{id}", () => {
  itChecksKeys({
    handler: item.PATCH,
    method: "PATCH",
    path: `${LIST}/x`,
    scope: "status:write",
    request: async (tenant) => ({ params: { id: (await seedIncident(tenant)).id }, body: { message: "Still looking" } }),
  });

  it("200 appends updates forward along the chain, skipping and repeating a status, changing impact", async () => {
    const { key } = await statusTenant();
    const incident = (await openIncident(key, { title: "Down", message: "one", impact: "minor" })).json.data;
    const first = await patchIncident(key, incident.id, { message: "Same status, new words" });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ status: "investigating", impact: "minor", latestUpdate: { status: "investigating", message: "Same status, new words" } });
    const skipped = await patchIncident(key, incident.id, { status: "monitoring", message: "Fix deployed", impact: "major" });
    expect(skipped.json.data).toMatchObject({ status: "monitoring", impact: "major", resolvedAt: null });
    expect(skipped.json.data.updates).toHaveLength(3);
    expect(Date.parse(skipped.json.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(incident.updatedAt));
  });

  it("newly affected components are linked and set; already linked ones change status only", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id, { name: "API", position: 0 });
    const web = await seedComponent(tenant.workspace.id, { name: "Web", position: 1, status: "under_maintenance" });
    const incident = (await openIncident(key, { title: "Down", message: "m", components: [{ id: api.id, status: "major_outage" }] })).json.data;
    const result = await patchIncident(key, incident.id, {
      status: "identified",
      message: "Web too",
      components: [{ id: api.id, status: "partial_outage" }, { id: web.id, status: "degraded_performance" }],
    });
    expect(result.status).toBe(200);
    expect(result.json.data.components).toEqual([
      { id: api.id, name: "API", status: "partial_outage" },
      { id: web.id, name: "Web", status: "degraded_performance" },
    ]);
    const links = await db.incidentComponent.findMany({ where: { incidentId: incident.id } });
    expect(Object.fromEntries(links.map((link) => [link.componentId, link.previousStatus]))).toEqual({ [api.id]: "operational", [web.id]: "under_maintenance" });
  });

  it("resolving stamps resolvedAt and restores each affected component to its status before", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id, { name: "API" });
    const web = await seedComponent(tenant.workspace.id, { name: "Web", status: "under_maintenance" });
    const incident = (await openIncident(key, {
      title: "Down",
      message: "m",
      components: [{ id: api.id, status: "major_outage" }, { id: web.id, status: "partial_outage" }],
    })).json.data;
    const result = await patchIncident(key, incident.id, { status: "resolved", message: "All good" });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({ status: "resolved", latestUpdate: { status: "resolved", message: "All good" } });
    expect(result.json.data.resolvedAt).toBe(result.json.data.latestUpdate.createdAt);
    expect(await componentStatus(api.id)).toBe("operational");
    expect(await componentStatus(web.id)).toBe("under_maintenance");
  });

  it("resolving leaves a component another active incident still affects, and a status the request sets", async () => {
    const { tenant, key } = await statusTenant();
    const shared = await seedComponent(tenant.workspace.id, { name: "Shared" });
    const named = await seedComponent(tenant.workspace.id, { name: "Named" });
    const first = (await openIncident(key, {
      title: "First",
      message: "m",
      components: [{ id: shared.id, status: "major_outage" }, { id: named.id, status: "major_outage" }],
    })).json.data;
    const second = (await openIncident(key, { title: "Second", message: "m", components: [{ id: shared.id, status: "partial_outage" }] })).json.data;

    await patchIncident(key, first.id, { status: "resolved", message: "First fixed", components: [{ id: named.id, status: "under_maintenance" }] });
    expect(await componentStatus(shared.id)).toBe("partial_outage");
    expect(await componentStatus(named.id)).toBe("under_maintenance");

    // The second incident inherited the first's "before", so resolving it last still ends at operational.
    await patchIncident(key, second.id, { status: "resolved", message: "Second fixed" });
    expect(await componentStatus(shared.id)).toBe("operational");
    expect(await componentStatus(named.id)).toBe("under_maintenance");
  });

  it("400 for a backwards transition, naming the allowed ones, and nothing written", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id);
    const incident = (await openIncident(key, { title: "Down", message: "m", status: "monitoring", components: [{ id: api.id, status: "major_outage" }] })).json.data;
    const before = await snapshot(tenant.workspace.id);
    const result = await patchIncident(key, incident.id, { status: "identified", message: "x", components: [{ id: api.id, status: "operational" }] });
    expectError(result, 400, "VALIDATION_ERROR");
    expect(result.json.details).toEqual([expect.objectContaining({ path: "status", code: "invalid_transition" })]);
    expect(result.json.details[0].message).toContain("Allowed: monitoring, resolved.");
    expect(await snapshot(tenant.workspace.id)).toEqual(before);
  });

  it("400 for any update of a resolved incident, and nothing written", async () => {
    const { tenant, key } = await statusTenant();
    const incident = (await openIncident(key, { title: "Down", message: "m" })).json.data;
    await patchIncident(key, incident.id, { status: "resolved", message: "Fixed" });
    const before = await snapshot(tenant.workspace.id);
    for (const body of [{ message: "again" }, { status: "resolved", message: "again" }, { status: "investigating", message: "reopen" }]) {
      const result = await patchIncident(key, incident.id, body);
      expectError(result, 400, "VALIDATION_ERROR");
      expect(result.json.details).toEqual([expect.objectContaining({ path: "status", code: "invalid_transition" })]);
    }
    expect(await snapshot(tenant.workspace.id)).toEqual(before);
  });

  it.each([
    [{}, "message"],
    [{ status: "identified" }, "message"],
    [{ message: "" }, "message"],
    [{ message: "nul\u0000" }, "message"],
    [{ message: "lone \udc00 surrogate" }, "message"],
    [{ message: "m", status: "fixed" }, "status"],
    [{ message: "m", impact: "huge" }, "impact"],
    [{ message: "m", title: "renamed" }, "title"],
    [{ message: "m", components: [{ id: "c1", status: "major_outage" }, { id: "c1", status: "major_outage" }] }, "components.1.id"],
  ])("400 with details for %j, nothing written", async (body, path) => {
    const { tenant, key } = await statusTenant();
    const incident = (await openIncident(key, { title: "Down", message: "m" })).json.data;
    const before = await snapshot(tenant.workspace.id);
    const result = await patchIncident(key, incident.id, body);
    expectValidationError(result, path);
    expect(await snapshot(tenant.workspace.id)).toEqual(before);
  });

  it("404 with the same body for another workspace's incident and a random id; the foreign one is untouched", async () => {
    const { key } = await statusTenant();
    const other = await statusTenant();
    const foreign = (await openIncident(other.key, { title: "Theirs", message: "m" })).json.data;
    const foreignBefore = await snapshot(other.tenant.workspace.id);
    const bodies = [];
    for (const id of [foreign.id, "no-such-incident"]) {
      const result = await patchIncident(key, id, { status: "resolved", message: "hijack" });
      expectError(result, 404, "NOT_FOUND");
      bodies.push({ ...result.json, requestId: undefined });
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(await snapshot(other.tenant.workspace.id)).toEqual(foreignBefore);
  });

  it("404 for another workspace's component or a random id in the body, same body, and nothing written", async () => {
    const { tenant, key } = await statusTenant();
    const other = await statusTenant();
    const own = await seedComponent(tenant.workspace.id);
    const foreign = await seedComponent(other.tenant.workspace.id, { name: "Foreign" });
    const incident = (await openIncident(key, { title: "Down", message: "m", components: [{ id: own.id, status: "partial_outage" }] })).json.data;
    const before = await snapshot(tenant.workspace.id);
    const foreignBefore = await snapshot(other.tenant.workspace.id);
    const bodies = [];
    for (const id of [foreign.id, "no-such-component"]) {
      const result = await patchIncident(key, incident.id, {
        status: "resolved",
        message: "m",
        components: [{ id: own.id, status: "operational" }, { id, status: "major_outage" }],
      });
      expectError(result, 404, "NOT_FOUND");
      bodies.push({ ...result.json, requestId: undefined });
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(await snapshot(tenant.workspace.id)).toEqual(before);
    expect(await snapshot(other.tenant.workspace.id)).toEqual(foreignBefore);
  });

  it("concurrent updates cannot both leave the same state: one resolve wins, the rest are refused", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id);
    const incident = (await openIncident(key, { title: "Down", message: "m", components: [{ id: api.id, status: "major_outage" }] })).json.data;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => patchIncident(key, incident.id, { status: i % 2 ? "resolved" : "monitoring", message: `race ${i}` })),
    );
    for (const result of results) {
      if (result.status !== 200) expectError(result, 400, "VALIDATION_ERROR");
    }
    const updates = await db.incidentUpdate.findMany({ where: { incidentId: incident.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const statuses = updates.map((update) => update.status);
    expect(statuses.filter((status) => status === "resolved")).toHaveLength(1);
    expect(statuses.at(-1)).toBe("resolved");
    // Every accepted update follows the chain from the one before it.
    const chain = ["investigating", "identified", "monitoring", "resolved"];
    for (let i = 1; i < statuses.length; i++) expect(chain.indexOf(statuses[i]!)).toBeGreaterThanOrEqual(chain.indexOf(statuses[i - 1]!));
    expect(results.filter((result) => result.status === 200)).toHaveLength(updates.length - 1);
    expect(await componentStatus(api.id)).toBe("operational");
  });

  it("two incidents on one component resolved at the same moment still restore it", async () => {
    const { tenant, key } = await statusTenant();
    const api = await seedComponent(tenant.workspace.id);
    const ids = [];
    for (const title of ["One", "Two"]) {
      ids.push((await openIncident(key, { title, message: "m", components: [{ id: api.id, status: "major_outage" }] })).json.data.id);
    }
    const results = await Promise.all(ids.map((id) => patchIncident(key, id, { status: "resolved", message: "done" })));
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    expect(await componentStatus(api.id)).toBe("operational");
  });
});
