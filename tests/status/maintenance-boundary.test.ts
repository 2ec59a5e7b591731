import { afterEach, describe, expect, it, vi } from "vitest";
import * as publicStatus from "@/app/api/public/[workspace]/status/route";
import * as badge from "@/app/api/public/[workspace]/status/badge.svg/route";
import * as publicIncidents from "@/app/api/public/[workspace]/status/incidents/route";
import * as v1Components from "@/app/api/v1/status/components/route";
import * as v1Incident from "@/app/api/v1/status/incidents/[id]/route";
import { db } from "@/lib/platform/db/client";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { scopedDb } from "@/lib/platform/db/scoped";
import { getMaintenanceSchedule } from "@/lib/domain/status/maintenance-schedule";
import { scheduleMaintenance } from "@/lib/domain/status/schedule-maintenance";
import { call } from "../support/api";
import { actorOf } from "../support/actors";
import { seedPortal } from "../public/fixtures";
import { get, getText } from "../public/request";

// A window [start, end) seen from every surface at four instants: a millisecond before it starts,
// the instant it starts, a millisecond before it ends, the instant it ends. The clock is faked
// (Date only), so "now" is exact; the database holds real rows.

const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

async function setup() {
  const portal = await seedPortal();
  const key = await portal.tenant.key(["status:read", "status:write"]);
  const start = new Date(Math.ceil((Date.now() + HOUR) / 1000) * 1000);
  const end = new Date(start.getTime() + HOUR);
  const actor = await actorOf(portal.tenant, portal.tenant.owner);
  const window = await scheduleMaintenance(actor, { title: "Database upgrade", message: "Short read-only period.", startsAt: start.toISOString(), endsAt: end.toISOString(), componentIds: [portal.api.id] });
  // An incident on the same component, so its detail view shows the component's status too.
  const incident = await db.incident.create({ data: { workspaceId: portal.workspaceId, title: "Old noise", impact: "none", status: "monitoring" } });
  await db.incidentComponent.create({ data: { workspaceId: portal.workspaceId, incidentId: incident.id, componentId: portal.api.id } });
  return { portal, key, start, end, window, incidentId: incident.id };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** What each surface says about the API component and the schedule at the current (fake) time. */
async function observe({ portal, key, incidentId }: Setup) {
  const params = { workspace: portal.slug };
  const json = await get(publicStatus.GET, `/api/public/${portal.slug}/status`, params);
  const svg = await getText(badge.GET, `/api/public/${portal.slug}/status/badge.svg`, params);
  const incidents = await get(publicIncidents.GET, `/api/public/${portal.slug}/status/incidents`, params);
  const components = await call(v1Components.GET, "GET", "/api/v1/status/components", { key });
  const incident = await call(v1Incident.GET, "GET", `/api/v1/status/incidents/${incidentId}`, { key, params: { id: incidentId } });
  const api = (list: { id: string; status: string }[]) => list.find((component) => component.id === portal.api.id)?.status;
  return {
    publicStatus: api(json.json.data.components),
    publicWebsite: json.json.data.components.find((component: { id: string }) => component.id === portal.web.id)?.status,
    indicator: json.json.data.indicator,
    maintenanceStates: json.json.data.maintenances.map((maintenance: { state: string }) => maintenance.state),
    publicCache: json.headers.get("x-cache"),
    cacheControl: json.headers.get("cache-control"),
    badgeSays: /maintenance/.test(svg.text) ? "maintenance" : /operational/.test(svg.text) ? "operational" : svg.text,
    incidentsStatus: incidents.status,
    v1Status: api(components.json.data),
    v1IncidentComponent: api(incident.json.data.components),
    portalPage: (await getPublicStatus(scopedDb(portal.workspaceId), { history: true })).data.components.find((component) => component.id === portal.api.id)?.status,
  };
}

function at(time: number) {
  vi.useFakeTimers({ now: time, toFake: ["Date"] });
}

describe("a maintenance window at its boundaries, on every surface", () => {
  it("upcoming until the instant it starts, in progress from then until the instant it ends, then gone", async () => {
    const world = await setup();
    const { start, end } = world;
    clearPublicCache();

    at(start.getTime() - 1);
    const before = await observe(world);
    expect(before).toMatchObject({
      publicStatus: "operational",
      indicator: "operational",
      maintenanceStates: ["upcoming"],
      badgeSays: "operational",
      incidentsStatus: 200,
      v1Status: "operational",
      v1IncidentComponent: "operational",
      portalPage: "operational",
    });
    // One millisecond before the start: shared caches may keep the answer for no time at all.
    expect(before.cacheControl).toBe("public, max-age=0, s-maxage=0");

    at(start.getTime());
    const started = await observe(world);
    expect(started).toMatchObject({
      publicStatus: "under_maintenance",
      publicWebsite: "operational",
      indicator: "maintenance",
      maintenanceStates: ["in_progress"],
      // The answer cached a millisecond ago is not served across the boundary.
      publicCache: "MISS",
      badgeSays: "maintenance",
      v1Status: "under_maintenance",
      v1IncidentComponent: "under_maintenance",
      portalPage: "under_maintenance",
    });
    // Until the end, an hour away: the usual policy.
    expect(started.cacheControl).toBe("public, max-age=10, s-maxage=10, stale-while-revalidate=30");

    at(end.getTime() - 1);
    const last = await observe(world);
    expect(last).toMatchObject({ publicStatus: "under_maintenance", indicator: "maintenance", maintenanceStates: ["in_progress"], badgeSays: "maintenance", v1Status: "under_maintenance", portalPage: "under_maintenance" });

    at(end.getTime());
    const ended = await observe(world);
    expect(ended).toMatchObject({
      publicStatus: "operational",
      indicator: "operational",
      maintenanceStates: [],
      publicCache: "MISS",
      badgeSays: "operational",
      v1Status: "operational",
      v1IncidentComponent: "operational",
      portalPage: "operational",
    });
    expect(ended.cacheControl).toBe("public, max-age=10, s-maxage=10, stale-while-revalidate=30");
  });

  it("validUntil is the next edge, and the cache expires exactly there even when nothing else changed", async () => {
    const world = await setup();
    const { portal, start, end } = world;
    const scoped = scopedDb(portal.workspaceId);
    expect((await getPublicStatus(scoped, { now: new Date(start.getTime() - 5_000) })).validUntil).toEqual(start);
    expect((await getPublicStatus(scoped, { now: start })).validUntil).toEqual(end);
    expect((await getPublicStatus(scoped, { now: end })).validUntil).toBeNull();

    clearPublicCache();
    at(start.getTime() - 5_000);
    const params = { workspace: portal.slug };
    const first = await get(publicStatus.GET, "/x", params);
    expect(first.headers.get("cache-control")).toBe("public, max-age=5, s-maxage=5");
    at(start.getTime() - 1);
    expect((await get(publicStatus.GET, "/x", params)).headers.get("x-cache")).toBe("HIT");
    at(start.getTime());
    expect((await get(publicStatus.GET, "/x", params)).headers.get("x-cache")).toBe("MISS");
  });

  it("a real problem outranks the window; overlapping windows keep a component under maintenance through their union", async () => {
    const world = await setup();
    const { portal, start, end } = world;
    const actor = await actorOf(portal.tenant, portal.tenant.owner);
    // A second window from the middle of the first to an hour after it, on both components.
    await scheduleMaintenance(actor, {
      title: "Network work",
      startsAt: new Date(start.getTime() + HOUR / 2).toISOString(),
      endsAt: new Date(end.getTime() + HOUR).toISOString(),
      componentIds: [portal.api.id, portal.web.id],
    });
    const scoped = scopedDb(portal.workspaceId);
    const statusAt = async (time: number) => {
      const { data } = await getPublicStatus(scoped, { now: new Date(time) });
      return data.components.map((component) => component.status);
    };
    expect(await statusAt(start.getTime() + 1)).toEqual(["under_maintenance", "operational"]);
    expect(await statusAt(start.getTime() + HOUR / 2)).toEqual(["under_maintenance", "under_maintenance"]);
    expect(await statusAt(end.getTime())).toEqual(["under_maintenance", "under_maintenance"]);
    expect(await statusAt(end.getTime() + HOUR)).toEqual(["operational", "operational"]);
    expect((await getMaintenanceSchedule(scoped, portal.workspaceId, new Date(end.getTime()))).validUntil).toEqual(new Date(end.getTime() + HOUR));

    await db.statusComponent.update({ where: { id: portal.api.id }, data: { status: "major_outage" } });
    const { data } = await getPublicStatus(scoped, { now: new Date(start.getTime() + 1) });
    expect(data.components[0]!.status).toBe("major_outage");
    expect(data.indicator).toBe("major_outage");
  });
});
