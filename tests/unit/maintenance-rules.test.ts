import { describe, expect, it } from "vitest";
import { effectiveStatus, maintenanceState, nextMaintenanceBoundary } from "@/lib/domain/status/maintenance-rules";

const at = (iso: string) => new Date(iso);
const window = { startsAt: at("2026-05-01T22:00:00Z"), endsAt: at("2026-05-01T23:00:00Z") };

describe("maintenance rules", () => {
  it("a window is upcoming before its start, in progress from the start instant, over at the end instant", () => {
    expect(maintenanceState(window, at("2026-05-01T21:59:59.999Z"))).toBe("upcoming");
    expect(maintenanceState(window, at("2026-05-01T22:00:00.000Z"))).toBe("in_progress");
    expect(maintenanceState(window, at("2026-05-01T22:59:59.999Z"))).toBe("in_progress");
    expect(maintenanceState(window, at("2026-05-01T23:00:00.000Z"))).toBe("completed");
  });

  it("only an operational component turns under_maintenance; a real problem outranks the window", () => {
    expect(effectiveStatus("operational", true)).toBe("under_maintenance");
    expect(effectiveStatus("operational", false)).toBe("operational");
    for (const problem of ["degraded_performance", "partial_outage", "major_outage"] as const) expect(effectiveStatus(problem, true)).toBe(problem);
  });

  it("the next boundary is the earliest start or end still ahead", () => {
    const later = { startsAt: at("2026-05-01T22:30:00Z"), endsAt: at("2026-05-02T01:00:00Z") };
    expect(nextMaintenanceBoundary([window, later], at("2026-05-01T21:00:00Z"))).toEqual(window.startsAt);
    expect(nextMaintenanceBoundary([window, later], window.startsAt)).toEqual(later.startsAt);
    expect(nextMaintenanceBoundary([window, later], at("2026-05-01T22:45:00Z"))).toEqual(window.endsAt);
    expect(nextMaintenanceBoundary([window, later], window.endsAt)).toEqual(later.endsAt);
    expect(nextMaintenanceBoundary([window, later], later.endsAt)).toBeNull();
    expect(nextMaintenanceBoundary([], at("2026-05-01T21:00:00Z"))).toBeNull();
  });
});
