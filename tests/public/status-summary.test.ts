import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as shields from "@/app/api/public/[workspace]/status/shields.json/route";
import * as summary from "@/app/api/public/[workspace]/status/summary.json/route";
import { db } from "@/lib/platform/db/client";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";
import { openIncident, seedPortal } from "./fixtures";
import { get } from "./request";
import { actorOf } from "../support/actors";
import { scheduleMaintenance } from "@/lib/domain/status/schedule-maintenance";
import { publicOrigin } from "@/lib/platform/config/site-url";

const HOUR = 3_600_000;

// What consumers of Atlassian Statuspage's /api/v2/summary.json rely on, written from Statuspage's
// documented example rather than from our own schema: loose objects (consumers ignore fields they
// do not know), exact enums and types where they branch on values.
const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "an ISO 8601 date");
const statuspageComponent = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.enum(["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"]),
  created_at: isoDate,
  updated_at: isoDate,
  position: z.number().int(),
  description: z.string().nullable(),
  page_id: z.string(),
});
const statuspageUpdate = z.looseObject({
  id: z.string(),
  status: z.string(),
  body: z.string(),
  incident_id: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
  display_at: isoDate,
});
const statuspageIncident = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.enum(["investigating", "identified", "monitoring", "resolved", "postmortem"]),
  impact: z.enum(["none", "minor", "major", "critical"]),
  created_at: isoDate,
  updated_at: isoDate,
  monitoring_at: isoDate.nullable(),
  resolved_at: isoDate.nullable(),
  shortlink: z.string(),
  page_id: z.string(),
  incident_updates: z.array(statuspageUpdate),
});
const statuspageSummary = z.looseObject({
  page: z.looseObject({ id: z.string(), name: z.string(), url: z.url(), updated_at: isoDate }),
  status: z.looseObject({ indicator: z.enum(["none", "minor", "major", "critical", "maintenance"]), description: z.string() }),
  components: z.array(statuspageComponent),
  incidents: z.array(statuspageIncident),
  scheduled_maintenances: z.array(
    z.looseObject({
      ...statuspageIncident.shape,
      // Statuspage marks scheduled maintenance with its own impact value.
      impact: z.enum(["none", "minor", "major", "critical", "maintenance"]),
      status: z.enum(["scheduled", "in_progress", "verifying", "completed"]),
      scheduled_for: isoDate,
      scheduled_until: isoDate,
    }),
  ),
});

// shields.io's endpoint badge schema (https://shields.io/badges/endpoint-badge): these keys only.
const shieldsEndpoint = z.strictObject({
  schemaVersion: z.literal(1),
  label: z.string(),
  message: z.string().min(1),
  color: z.string().optional(),
  labelColor: z.string().optional(),
  isError: z.boolean().optional(),
  namedLogo: z.string().optional(),
  cacheSeconds: z.number().optional(),
});

async function readSummary(slug: string) {
  clearPublicCache();
  const result = await get(summary.GET, `/api/public/${slug}/status/summary.json`, { workspace: slug });
  expect(result.status).toBe(200);
  expect(result.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return statuspageSummary.parse(result.json);
}

describe("GET /api/public/{workspace}/status/summary.json", () => {
  it("all operational: Statuspage's page, components in order, no incidents, indicator none", async () => {
    const portal = await seedPortal();
    const body = await readSummary(portal.slug);
    expect(body.page).toMatchObject({ id: portal.slug, name: `Tenant ${portal.slug}`, url: `${publicOrigin()}/p/${portal.slug}/status`, time_zone: "Etc/UTC" });
    expect(body.status).toEqual({ indicator: "none", description: "All Systems Operational" });
    expect(body.components.map((component) => [component.name, component.status, component.position])).toEqual([
      ["API", "operational", 1],
      ["Website", "operational", 2],
    ]);
    expect(body.incidents).toEqual([]);
    expect(body.scheduled_maintenances).toEqual([]);
    expect(body).not.toHaveProperty("success");
  });

  it("an active incident: its updates newest first, its components, and the indicator from its impact", async () => {
    const portal = await seedPortal();
    const { workspaceId } = portal;
    const incident = await openIncident(workspaceId, { title: "API errors", impact: "major", componentIds: [portal.api.id], message: "Looking into it." });
    await db.statusComponent.update({ where: { id: portal.api.id }, data: { status: "partial_outage" } });
    await db.incidentUpdate.create({
      data: { workspaceId, incidentId: incident.id, status: "monitoring", impact: "major", message: "Fix deployed.", createdAt: new Date(Date.now() + 60_000) },
    });
    await db.incident.create({ data: { workspaceId, title: "Old outage", impact: "critical", status: "resolved", resolvedAt: new Date() } });

    const body = await readSummary(portal.slug);
    expect(body.status).toEqual({ indicator: "major", description: "Partial System Outage" });
    expect(body.components.find((component) => component.id === portal.api.id)?.status).toBe("partial_outage");
    expect(body.incidents).toHaveLength(1);
    const [only] = body.incidents;
    expect(only).toMatchObject({ id: incident.id, name: "API errors", impact: "major", status: "investigating", resolved_at: null, page_id: portal.slug });
    expect(only!.incident_updates.map((update) => [update.status, update.body])).toEqual([
      ["monitoring", "Fix deployed."],
      ["investigating", "Looking into it."],
    ]);
    expect(only!.monitoring_at).toBe(only!.incident_updates[0]!.created_at);
    expect((only!.components as { id: string }[]).map((component) => component.id)).toEqual([portal.api.id]);
  });

  it("maintenance windows: running ones in progress with their components under maintenance, upcoming ones scheduled; cached no longer than the next start", async () => {
    const portal = await seedPortal();
    const actor = await actorOf(portal.tenant, portal.tenant.owner);
    const now = Date.now();
    const running = await scheduleMaintenance(actor, {
      title: "Database upgrade",
      message: "Short read-only period.",
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + HOUR).toISOString(),
      componentIds: [portal.api.id],
    });
    const upcomingStart = new Date(Math.ceil((now + 2 * HOUR) / 1000) * 1000);
    const upcoming = await scheduleMaintenance(actor, {
      title: "Network work",
      message: "Brief blips.",
      startsAt: upcomingStart.toISOString(),
      endsAt: new Date(upcomingStart.getTime() + HOUR).toISOString(),
      componentIds: [portal.web.id],
    });

    clearPublicCache();
    const result = await get(summary.GET, `/api/public/${portal.slug}/status/summary.json`, { workspace: portal.slug });
    const body = statuspageSummary.parse(result.json);
    expect(body.status).toEqual({ indicator: "maintenance", description: "Service Under Maintenance" });
    expect(body.components.find((component) => component.id === portal.api.id)?.status).toBe("under_maintenance");
    expect(body.scheduled_maintenances.map((window) => [window.id, window.name, window.status, window.impact])).toEqual([
      [running.id, "Database upgrade", "in_progress", "maintenance"],
      [upcoming.id, "Network work", "scheduled", "maintenance"],
    ]);
    expect(body.scheduled_maintenances[1]).toMatchObject({ scheduled_for: upcomingStart.toISOString(), incident_updates: [{ body: "Brief blips." }] });
    expect((body.scheduled_maintenances[0]!.components as { id: string }[]).map((component) => component.id)).toEqual([portal.api.id]);
    // The running window ends in an hour: fresh for the status policy's 10 s, no longer than that.
    expect(result.headers.get("cache-control")).toBe("public, max-age=10, s-maxage=10, stale-while-revalidate=30");
  });

  it("maps every indicator to Statuspage's", async () => {
    const portal = await seedPortal();
    const cases = [
      ["degraded_performance", "minor", "Minor Service Outage"],
      ["major_outage", "critical", "Major System Outage"],
      ["under_maintenance", "maintenance", "Service Under Maintenance"],
    ] as const;
    for (const [componentStatus, indicator, description] of cases) {
      await db.statusComponent.update({ where: { id: portal.web.id }, data: { status: componentStatus } });
      expect((await readSummary(portal.slug)).status).toEqual({ indicator, description });
    }
  });

  it("an unpublished workspace is 404 like every public path, and a key is refused", async () => {
    const hidden = await seedTenant({ published: false });
    expectError(await get(summary.GET, "/x", { workspace: hidden.workspace.slug }), 404, "NOT_FOUND");
    const portal = await seedPortal();
    const key = await portal.tenant.key("all");
    expectError(await get(summary.GET, "/x", { workspace: portal.slug }, { key }), 403, "API_KEY_SCOPE");
  });
});

describe("GET /api/public/{workspace}/status/shields.json", () => {
  const read = async (slug: string, query: Record<string, string> = {}) => {
    clearPublicCache();
    const result = await get(shields.GET, "/x", { workspace: slug }, { query });
    expect(result.status).toBe(200);
    expect(result.headers.get("access-control-allow-origin")).toBe("*");
    return shieldsEndpoint.parse(result.json);
  };

  it("what shields.io reads: schemaVersion 1, label, message and colour from the indicator", async () => {
    const portal = await seedPortal();
    expect(await read(portal.slug)).toEqual({ schemaVersion: 1, label: "status", message: "operational", color: "brightgreen" });
    await db.statusComponent.update({ where: { id: portal.api.id }, data: { status: "major_outage" } });
    expect(await read(portal.slug)).toEqual({ schemaVersion: 1, label: "status", message: "major outage", color: "red" });
  });

  it("?label= names it (cut at 40 characters, control characters made spaces), like the SVG badge", async () => {
    const portal = await seedPortal();
    expect((await read(portal.slug, { label: "api" })).label).toBe("api");
    expect((await read(portal.slug, { label: "x".repeat(100) })).label).toBe("x".repeat(40));
    expect((await read(portal.slug, { label: "a\tb" })).label).toBe("a b");
  });
});
