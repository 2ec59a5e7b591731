import type { ComponentStatus, IncidentImpact } from "@/lib/generated/prisma/enums";

// The one rule that turns a status page into a single indicator (docs/users.md: "Status indicator").
//
//   1. Every component contributes its status: operational, degraded_performance → degraded,
//      partial_outage, major_outage. under_maintenance contributes nothing to severity.
//   2. Every ACTIVE (unresolved) incident contributes its impact: none → operational,
//      minor → degraded, major → partial_outage, critical → major_outage.
//   3. The indicator is the worst contribution (operational < degraded < partial_outage <
//      major_outage).
//   4. If that is operational and at least one component is under_maintenance, the indicator is
//      maintenance: maintenance only wins over "all good", never over a real problem.
export const INDICATORS = ["operational", "degraded", "partial_outage", "major_outage", "maintenance"] as const;
export type Indicator = (typeof INDICATORS)[number];

type Severity = Exclude<Indicator, "maintenance">;
const SEVERITY_RANK: Record<Severity, number> = { operational: 0, degraded: 1, partial_outage: 2, major_outage: 3 };

const FROM_COMPONENT: Record<ComponentStatus, Severity | null> = {
  operational: "operational",
  degraded_performance: "degraded",
  partial_outage: "partial_outage",
  major_outage: "major_outage",
  under_maintenance: null,
};

const FROM_IMPACT: Record<IncidentImpact, Severity> = {
  none: "operational",
  minor: "degraded",
  major: "partial_outage",
  critical: "major_outage",
};

export const INDICATOR_LABELS: Record<Indicator, string> = {
  operational: "All systems operational",
  degraded: "Degraded performance",
  partial_outage: "Partial outage",
  major_outage: "Major outage",
  maintenance: "Under maintenance",
};

export function overallIndicator(components: { status: ComponentStatus }[], activeIncidents: { impact: IncidentImpact }[]): Indicator {
  let worst: Severity = "operational";
  const consider = (candidate: Severity) => {
    if (SEVERITY_RANK[candidate] > SEVERITY_RANK[worst]) worst = candidate;
  };
  for (const component of components) {
    const severity = FROM_COMPONENT[component.status];
    if (severity) consider(severity);
  }
  for (const incident of activeIncidents) consider(FROM_IMPACT[incident.impact]);
  if (worst === "operational" && components.some((component) => component.status === "under_maintenance")) return "maintenance";
  return worst;
}
