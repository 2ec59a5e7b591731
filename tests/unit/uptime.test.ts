import { describe, expect, it } from "vitest";
import type { ComponentStatus } from "@/lib/generated/prisma/enums";
import { computeUptime, uptimeWindowStart, type UptimeInputs } from "@/lib/domain/status/uptime";

// "Now" is 2026-03-15 12:00 UTC in every case: today has run for 12 hours.
const NOW = new Date("2026-03-15T12:00:00.000Z");
const at = (iso: string) => new Date(iso);
const LONG_AGO = at("2025-01-01T00:00:00.000Z");
const MINUTE = 60_000;
const WINDOW_MS = NOW.getTime() - uptimeWindowStart(NOW).getTime();

function change(componentId: string, iso: string, fromStatus: ComponentStatus, toStatus: ComponentStatus) {
  return { componentId, at: at(iso), fromStatus, toStatus };
}

function uptimeOf(inputs: Partial<UptimeInputs> & Pick<UptimeInputs, "components">, id = inputs.components[0]!.id) {
  const result = computeUptime({ now: NOW, changes: [], incidents: [], maintenances: [], ...inputs }).get(id);
  if (!result) throw new Error(`no uptime for ${id}`);
  return result;
}

const dayOn = (uptime: ReturnType<typeof uptimeOf>, date: string) => uptime.days.find((day) => day.date === date);

describe("uptime history", () => {
  it("a quiet component: 90 green days, the last one today, 100%", () => {
    const uptime = uptimeOf({ components: [{ id: "api", createdAt: LONG_AGO, status: "operational" }] });
    expect(uptime.days).toHaveLength(90);
    expect(uptime.days[0]!.date).toBe("2025-12-16");
    expect(uptime.days.at(-1)!.date).toBe("2026-03-15");
    expect(uptime.days.every((day) => day.state === "operational" && day.incidents.length === 0)).toBe(true);
    expect(uptime.percent).toBe(100);
  });

  it("an incident across midnight colours both UTC days and counts its outage once, on each side of midnight", () => {
    const uptime = uptimeOf({
      components: [{ id: "api", createdAt: LONG_AGO, status: "operational" }],
      changes: [change("api", "2026-03-10T23:00:00Z", "operational", "major_outage"), change("api", "2026-03-11T01:30:00Z", "major_outage", "operational")],
      incidents: [{ id: "inc1", title: "Database failover", impact: "critical", startedAt: at("2026-03-10T22:55:00Z"), resolvedAt: at("2026-03-11T01:35:00Z"), componentIds: ["api"] }],
    });
    const before = dayOn(uptime, "2026-03-10")!;
    const after = dayOn(uptime, "2026-03-11")!;
    expect(before).toMatchObject({ state: "major_outage", majorOutageMinutes: 60, partialOutageMinutes: 0 });
    expect(after).toMatchObject({ state: "major_outage", majorOutageMinutes: 90, partialOutageMinutes: 0 });
    expect(before.incidents).toEqual([{ id: "inc1", title: "Database failover", impact: "critical" }]);
    expect(after.incidents).toEqual([{ id: "inc1", title: "Database failover", impact: "critical" }]);
    expect(dayOn(uptime, "2026-03-09")).toMatchObject({ state: "operational", incidents: [] });
    expect(dayOn(uptime, "2026-03-12")).toMatchObject({ state: "operational", incidents: [] });
    expect(uptime.percent).toBe(Math.floor((1 - (150 * MINUTE) / WINDOW_MS) * 10_000) / 100);
  });

  it("overlapping incidents: the day takes the worst state, lists both, and no minute is counted twice", () => {
    // A (partial) 10:00–12:00 and B (major) 11:00–13:00: partial 10–11, major 11–13 (B keeps it
    // down when A resolves), operational again at 13:00.
    const uptime = uptimeOf({
      components: [{ id: "api", createdAt: LONG_AGO, status: "operational" }],
      changes: [
        change("api", "2026-03-12T10:00:00Z", "operational", "partial_outage"),
        change("api", "2026-03-12T11:00:00Z", "partial_outage", "major_outage"),
        change("api", "2026-03-12T13:00:00Z", "major_outage", "operational"),
      ],
      incidents: [
        { id: "a", title: "Slow queries", impact: "minor", startedAt: at("2026-03-12T10:00:00Z"), resolvedAt: at("2026-03-12T12:00:00Z"), componentIds: ["api"] },
        { id: "b", title: "Outage", impact: "major", startedAt: at("2026-03-12T11:00:00Z"), resolvedAt: at("2026-03-12T13:00:00Z"), componentIds: ["api"] },
      ],
    });
    const day = dayOn(uptime, "2026-03-12")!;
    expect(day.state).toBe("major_outage");
    expect(day.partialOutageMinutes).toBe(60);
    expect(day.majorOutageMinutes).toBe(120);
    expect(day.incidents.map((incident) => incident.id)).toEqual(["a", "b"]);
    expect(uptime.percent).toBe(Math.floor((1 - (120 * MINUTE + 0.3 * 60 * MINUTE) / WINDOW_MS) * 10_000) / 100);
  });

  it("two incidents holding one component down at the same time count that time once", () => {
    const uptime = uptimeOf({
      components: [{ id: "api", createdAt: LONG_AGO, status: "operational" }],
      changes: [change("api", "2026-03-12T10:00:00Z", "operational", "major_outage"), change("api", "2026-03-12T11:00:00Z", "major_outage", "operational")],
      incidents: [
        { id: "a", title: "One", impact: "major", startedAt: at("2026-03-12T10:00:00Z"), resolvedAt: at("2026-03-12T11:00:00Z"), componentIds: ["api"] },
        { id: "b", title: "Two", impact: "major", startedAt: at("2026-03-12T10:15:00Z"), resolvedAt: at("2026-03-12T10:45:00Z"), componentIds: ["api"] },
      ],
    });
    expect(dayOn(uptime, "2026-03-12")!.majorOutageMinutes).toBe(60);
  });

  it("maintenance is not downtime: the day shows maintenance and uptime stays 100%", () => {
    const uptime = uptimeOf({
      components: [
        { id: "api", createdAt: LONG_AGO, status: "operational" },
        { id: "web", createdAt: LONG_AGO, status: "operational" },
      ],
      maintenances: [{ id: "m1", title: "Database upgrade", startsAt: at("2026-03-13T02:00:00Z"), endsAt: at("2026-03-13T04:00:00Z"), componentIds: ["api"] }],
    });
    expect(dayOn(uptime, "2026-03-13")).toMatchObject({ state: "under_maintenance", partialOutageMinutes: 0, majorOutageMinutes: 0, maintenances: [{ id: "m1", title: "Database upgrade" }] });
    expect(uptime.percent).toBe(100);
    // Only the components the window covers.
    const web = uptimeOf({ components: [{ id: "web", createdAt: LONG_AGO, status: "operational" }], maintenances: [{ id: "m1", title: "x", startsAt: at("2026-03-13T02:00:00Z"), endsAt: at("2026-03-13T04:00:00Z"), componentIds: ["api"] }] });
    expect(dayOn(web, "2026-03-13")).toMatchObject({ state: "operational", maintenances: [] });
  });

  it("an outage during a maintenance window still counts: a real problem outranks planned work", () => {
    const uptime = uptimeOf({
      components: [{ id: "api", createdAt: LONG_AGO, status: "operational" }],
      changes: [change("api", "2026-03-13T03:00:00Z", "operational", "major_outage"), change("api", "2026-03-13T03:30:00Z", "major_outage", "operational")],
      maintenances: [{ id: "m1", title: "Upgrade", startsAt: at("2026-03-13T02:00:00Z"), endsAt: at("2026-03-13T04:00:00Z"), componentIds: ["api"] }],
    });
    expect(dayOn(uptime, "2026-03-13")).toMatchObject({ state: "major_outage", majorOutageMinutes: 30 });
    expect(uptime.percent).toBeLessThan(100);
  });

  it("a window still ahead today is neither listed nor coloured yet", () => {
    const uptime = uptimeOf({
      components: [{ id: "api", createdAt: LONG_AGO, status: "operational" }],
      maintenances: [{ id: "m1", title: "Tonight", startsAt: at("2026-03-15T20:00:00Z"), endsAt: at("2026-03-15T22:00:00Z"), componentIds: ["api"] }],
    });
    expect(uptime.days.at(-1)).toMatchObject({ date: "2026-03-15", state: "operational", maintenances: [] });
  });

  it("a component created 10 days ago has bars from its first day only, and uptime over its own life", () => {
    const createdAt = at("2026-03-05T15:00:00Z");
    const uptime = uptimeOf({
      components: [{ id: "new", createdAt, status: "operational" }],
      changes: [change("new", "2026-03-06T00:00:00Z", "operational", "partial_outage"), change("new", "2026-03-06T01:00:00Z", "partial_outage", "operational")],
    });
    expect(uptime.days.map((day) => day.date)).toEqual([
      "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14", "2026-03-15",
    ]);
    expect(dayOn(uptime, "2026-03-06")).toMatchObject({ state: "partial_outage", partialOutageMinutes: 60 });
    const lived = NOW.getTime() - createdAt.getTime();
    expect(uptime.percent).toBe(Math.floor((1 - (0.3 * 60 * MINUTE) / lived) * 10_000) / 100);
  });

  it("a component added 10 minutes ago with a 2-minute outage: uptime over its 10 minutes, one bar, no earlier days; an old one beside it unchanged", () => {
    const createdAt = new Date(NOW.getTime() - 10 * MINUTE);
    const result = computeUptime({
      now: NOW,
      components: [
        { id: "new", createdAt, status: "operational" },
        { id: "old", createdAt: LONG_AGO, status: "operational" },
      ],
      changes: [change("new", "2026-03-15T11:52:00Z", "operational", "major_outage"), change("new", "2026-03-15T11:54:00Z", "major_outage", "operational")],
      incidents: [],
      maintenances: [],
    });
    const fresh = result.get("new")!;
    expect(fresh.percent).toBe(80);
    expect(fresh.days).toHaveLength(1);
    expect(fresh.days[0]).toMatchObject({ date: "2026-03-15", state: "major_outage", majorOutageMinutes: 2 });
    const old = result.get("old")!;
    expect(old.percent).toBe(100);
    expect(old.days).toHaveLength(90);
  });

  it("an open incident counts until now, and the status before the first change in the window is what it changed from", () => {
    const uptime = uptimeOf({
      components: [{ id: "api", createdAt: LONG_AGO, status: "degraded_performance" }],
      changes: [change("api", "2026-03-15T09:00:00Z", "operational", "degraded_performance")],
      incidents: [{ id: "open", title: "Slow", impact: "minor", startedAt: at("2026-03-15T09:00:00Z"), resolvedAt: null, componentIds: ["api"] }],
    });
    expect(dayOn(uptime, "2026-03-14")).toMatchObject({ state: "operational", incidents: [] });
    expect(uptime.days.at(-1)).toMatchObject({ state: "degraded_performance", incidents: [{ id: "open" }] });
    expect(uptime.percent).toBe(100);
  });

  it("with no change in the window, the current status held throughout", () => {
    const uptime = uptimeOf({ components: [{ id: "api", createdAt: LONG_AGO, status: "major_outage" }] });
    expect(uptime.days.every((day) => day.state === "major_outage")).toBe(true);
    expect(uptime.percent).toBe(0);
  });

  it("any downtime at all shows below 100", () => {
    const uptime = uptimeOf({
      components: [{ id: "api", createdAt: LONG_AGO, status: "operational" }],
      changes: [change("api", "2026-03-14T10:00:00Z", "operational", "major_outage"), change("api", "2026-03-14T10:00:01Z", "major_outage", "operational")],
    });
    expect(uptime.percent).toBe(99.99);
    expect(dayOn(uptime, "2026-03-14")!.majorOutageMinutes).toBe(1);
  });
});
