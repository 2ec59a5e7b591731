import { describe, expect, it } from "vitest";
import * as status from "@/app/api/public/[workspace]/status/route";
import * as incidents from "@/app/api/public/[workspace]/status/incidents/route";
import { db } from "@/lib/platform/db/client";
import { seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";
import { holdClock } from "../support/held-clock";
import { openIncident, seedPortal } from "./fixtures";
import { get } from "./request";

describe("GET /api/public/{workspace}/status", () => {
  it("all operational: indicator, components in order, no incidents, last change", async () => {
    // Components created at the instant of the read: one bar, that day's, and no downtime. The
    // clock is held so that midnight UTC cannot fall between the two and add a second day.
    const now = holdClock();
    const portal = await seedPortal();
    const result = await get(status.GET, "/x", { workspace: portal.slug });
    const todayOnly = {
      percent: expect.toBeOneOf([100, null]),
      days: [{ date: now.toISOString().slice(0, 10), state: "operational", partialOutageMinutes: 0, majorOutageMinutes: 0, incidents: [], maintenances: [] }],
    };
    expect(result.status).toBe(200);
    expect(result.headers.get("cache-control")).toBe("public, max-age=10, s-maxage=10, stale-while-revalidate=30");
    expect(result.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(result.json).toEqual({
      success: true,
      data: {
        indicator: "operational",
        description: "All systems operational",
        components: [
          { id: portal.api.id, name: "API", description: "", status: "operational", updatedAt: portal.api.updatedAt.toISOString(), uptime: todayOnly },
          { id: portal.web.id, name: "Website", description: "", status: "operational", updatedAt: portal.web.updatedAt.toISOString(), uptime: todayOnly },
        ],
        activeIncidents: [],
        maintenances: [],
        updatedAt: portal.web.updatedAt.toISOString(),
      },
    });
  });

  it("an active incident shows with its latest update and drives the indicator; a resolved one does not", async () => {
    const portal = await seedPortal();
    const { workspaceId } = portal;
    const incident = await openIncident(workspaceId, { title: "API errors", impact: "major", componentIds: [portal.api.id] });
    await db.statusComponent.update({ where: { id: portal.api.id }, data: { status: "partial_outage" } });
    const latest = await db.incidentUpdate.create({
      data: { workspaceId, incidentId: incident.id, status: "identified", impact: "major", message: "Bad deploy found.", createdAt: new Date(Date.now() + 60_000) },
    });
    await db.incident.create({ data: { workspaceId, title: "Old outage", impact: "critical", status: "resolved", resolvedAt: new Date() } });
    const foreign = await seedPortal();
    await openIncident(foreign.workspaceId, { title: "Foreign fire", impact: "critical" });

    const result = await get(status.GET, "/x", { workspace: portal.slug });
    const data = result.json.data;
    expect(data.indicator).toBe("partial_outage");
    expect(data.description).toBe("Partial outage");
    expect(data.components.map((c: { status: string }) => c.status)).toEqual(["partial_outage", "operational"]);
    expect(data.activeIncidents).toEqual([
      {
        id: incident.id,
        title: "API errors",
        status: "investigating",
        impact: "major",
        componentIds: [portal.api.id],
        latestUpdate: { id: latest.id, status: "identified", impact: "major", message: "Bad deploy found.", createdAt: latest.createdAt.toISOString() },
        createdAt: incident.createdAt.toISOString(),
        updatedAt: incident.updatedAt.toISOString(),
      },
    ]);
    expect(new Date(data.updatedAt).getTime()).toBe(latest.createdAt.getTime());
    expect(JSON.stringify(result.json)).not.toContain("Foreign fire");
    expect(JSON.stringify(result.json)).not.toContain(workspaceId);
  });

  it("maintenance only when nothing is worse", async () => {
    const portal = await seedPortal();
    await db.statusComponent.update({ where: { id: portal.web.id }, data: { status: "under_maintenance" } });
    expect((await get(status.GET, "/x", { workspace: portal.slug })).json.data.indicator).toBe("maintenance");
    const other = await seedPortal();
    await db.statusComponent.update({ where: { id: other.web.id }, data: { status: "under_maintenance" } });
    await openIncident(other.workspaceId, { impact: "minor" });
    expect((await get(status.GET, "/x", { workspace: other.slug })).json.data.indicator).toBe("degraded");
  });

  it("an unpublished workspace and an unknown slug answer the same 404", async () => {
    const hidden = await seedTenant({ published: false });
    await db.statusComponent.create({ data: { workspaceId: hidden.workspace.id, name: "Hidden" } });
    const a = await get(status.GET, "/x", { workspace: hidden.workspace.slug });
    const b = await get(status.GET, "/x", { workspace: "never-existed" });
    expectError(a, 404, "NOT_FOUND");
    expectError(b, 404, "NOT_FOUND");
    expect({ ...a.json, requestId: "" }).toEqual({ ...b.json, requestId: "" });
    expect(a.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("GET /api/public/{workspace}/status/incidents", () => {
  it("active, resolved or all, with each incident's update timeline", async () => {
    const portal = await seedPortal();
    const active = await openIncident(portal.workspaceId, { title: "Now", componentIds: [portal.web.id] });
    const resolved = await db.incident.create({
      data: { workspaceId: portal.workspaceId, title: "Before", status: "resolved", impact: "minor", resolvedAt: new Date(), createdAt: new Date(Date.now() - 3_600_000) },
    });
    const titles = async (state: string) =>
      (await get(incidents.GET, "/x", { workspace: portal.slug }, { query: { state } })).json.data.map((i: { title: string }) => i.title);
    expect(await titles("active")).toEqual(["Now"]);
    expect(await titles("resolved")).toEqual(["Before"]);
    expect(await titles("all")).toEqual(["Now", "Before"]);
    const all = await get(incidents.GET, "/x", { workspace: portal.slug });
    expect(all.json.data[0]).toMatchObject({ id: active.id, components: [{ id: portal.web.id, name: "Website" }], updates: [{ message: "Looking into it." }], resolvedAt: null });
    expect(all.json.data[1]).toMatchObject({ id: resolved.id, resolvedAt: resolved.resolvedAt!.toISOString() });
    expectError(await get(incidents.GET, "/x", { workspace: portal.slug }, { query: { state: "open" } }), 400, "VALIDATION_ERROR");
  });
});
