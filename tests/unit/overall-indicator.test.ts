import { describe, expect, it } from "vitest";
import { overallIndicator } from "@/lib/domain/status/overall-indicator";

const c = (status: Parameters<typeof overallIndicator>[0][number]["status"]) => ({ status });
const i = (impact: Parameters<typeof overallIndicator>[1][number]["impact"]) => ({ impact });

describe("overall status indicator", () => {
  it.each([
    ["no components, no incidents", [], [], "operational"],
    ["all operational", [c("operational"), c("operational")], [], "operational"],
    ["a degraded component", [c("operational"), c("degraded_performance")], [], "degraded"],
    ["the worst component wins", [c("degraded_performance"), c("major_outage"), c("partial_outage")], [], "major_outage"],
    ["maintenance over all good", [c("operational"), c("under_maintenance")], [], "maintenance"],
    ["a real problem over maintenance", [c("under_maintenance"), c("degraded_performance")], [], "degraded"],
    ["an incident with no impact changes nothing", [c("operational")], [i("none")], "operational"],
    ["maintenance survives an impact-free incident", [c("under_maintenance")], [i("none")], "maintenance"],
    ["minor incident → degraded", [c("operational")], [i("minor")], "degraded"],
    ["major incident → partial outage", [c("operational")], [i("major")], "partial_outage"],
    ["critical incident → major outage", [c("degraded_performance")], [i("critical"), i("minor")], "major_outage"],
    ["an incident over maintenance", [c("under_maintenance")], [i("minor")], "degraded"],
    ["a component worse than the incident", [c("major_outage")], [i("minor")], "major_outage"],
  ] as const)("%s", (_label, components, incidents, expected) => {
    expect(overallIndicator([...components], [...incidents])).toBe(expected);
  });
});
