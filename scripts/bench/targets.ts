// The performance targets the bench checks at the end of a run: each row names its scenario(s),
// the target, what was measured and whether it is met. A row whose scenarios did not run says so.
// The targets are stated for a million posts; at a smaller seed the rows are still printed, marked.

/** The medians of one scenario on one server (what report() prints on its row). */
export interface Summary {
  rps: number;
  p99: number;
  cpuMs: number;
  /** The flood scenario's RSS before and after, MiB. */
  rssBeforeMiB?: number;
  rssAfterMiB?: number;
  /** Server errors other than a shed 503, and requests never answered (the worst round). */
  failed: number;
  /** Requests answered within a second, in % of those sent (the worst round). */
  percentWithinSecond: number;
}

export type Lookup = (scenario: string, server?: "product" | "bare") => Summary | undefined;

interface Target {
  label: string;
  target: string;
  /** The measured value and whether it meets the target, or undefined when a scenario is missing. */
  check(get: Lookup): { value: string; met: boolean } | undefined;
}

const n0 = (value: number) => Math.round(value).toLocaleString("en");

function rpsAtLeast(scenario: string, floor: number): Target {
  return {
    label: `${scenario} req/s`,
    target: `≥ ${n0(floor)}`,
    check: (get) => {
      const s = get(scenario);
      return s && { value: n0(s.rps), met: s.rps >= floor };
    },
  };
}

function ratioAtLeast(label: string, scenario: string, floor: number, to: (get: Lookup) => Summary | undefined): Target {
  return {
    label,
    target: `≥ ${floor.toFixed(2)}`,
    check: (get) => {
      const product = get(scenario);
      const other = to(get);
      if (!product || !other) return undefined;
      const ratio = product.rps / other.rps;
      return { value: `${ratio.toFixed(2)} (${n0(product.rps)} / ${n0(other.rps)})`, met: ratio >= floor };
    },
  };
}

function atMost(label: string, scenario: string, field: "p99" | "cpuMs", ceiling: number, unit: string): Target {
  return {
    label,
    target: `≤ ${ceiling} ${unit}`,
    check: (get) => {
      const s = get(scenario);
      return s && { value: `${s[field].toFixed(field === "cpuMs" ? 2 : 0)} ${unit}`, met: s[field] <= ceiling };
    },
  };
}

export const TARGETS: Target[] = [
  rpsAtLeast("portal-status-html", 1500),
  ratioAtLeast("portal-status-html / static-floor", "portal-status-html", 0.3, (get) => get("static-floor")),
  atMost("portal-status-html p99", "portal-status-html", "p99", 100, "ms"),
  rpsAtLeast("portal-board-html", 1000),
  rpsAtLeast("portal-post-html", 1000),
  rpsAtLeast("portal-changelog-html", 1000),
  atMost("portal-post-signed-in CPU/view", "portal-post-signed-in", "cpuMs", 5, "ms"),
  atMost("inbox-html CPU/view (8 conn.)", "inbox-html", "cpuMs", 12, "ms"),
  atMost("inbox-html p99 (8 conn.)", "inbox-html", "p99", 150, "ms"),
  atMost("dashboard-post-html CPU/view (8 conn.)", "dashboard-post-html", "cpuMs", 12, "ms"),
  atMost("dashboard-post-html p99 (8 conn.)", "dashboard-post-html", "p99", 150, "ms"),
  // The mixed load runs after the flood, at 32 connections: slower answers, never a failure.
  atMost("mixed p99 (after the flood)", "mixed", "p99", 1500, "ms"),
  {
    label: "mixed 5xx other than shed 503",
    target: "= 0",
    check: (get) => {
      const s = get("mixed");
      return s && { value: n0(s.failed), met: s.failed === 0 };
    },
  },
  {
    label: "overload (4x mixed) within 1 s",
    target: "≥ 99 %",
    check: (get) => {
      const s = get("overload");
      return s && { value: `${s.percentWithinSecond.toFixed(2)} % (${n0(s.failed)} failed)`, met: s.percentWithinSecond >= 99 && s.failed === 0 };
    },
  },
  ratioAtLeast("posts-list / bare (1M posts)", "posts-list", 0.45, (get) => get("posts-list", "bare")),
  ratioAtLeast("public-status / bare", "public-status", 0.5, (get) => get("public-status", "bare")),
  // The widget's loader and banner JSON are fetched by customers' pages, at least as often as the status JSON.
  ratioAtLeast("widget-loader / public-status", "widget-loader", 1, (get) => get("public-status")),
  ratioAtLeast("status-banner / public-status", "status-banner", 1, (get) => get("public-status")),
  {
    label: "long-request-lines RSS at rest",
    target: "≤ 300 MiB",
    check: (get) => {
      const s = get("long-request-lines");
      return s?.rssAfterMiB === undefined ? undefined : { value: `${s.rssAfterMiB.toFixed(0)} MiB`, met: s.rssAfterMiB <= 300 };
    },
  },
  {
    label: "long-request-lines RSS growth",
    target: "≤ 30 MiB",
    check: (get) => {
      const s = get("long-request-lines");
      if (s?.rssAfterMiB === undefined || s.rssBeforeMiB === undefined) return undefined;
      const growth = s.rssAfterMiB - s.rssBeforeMiB;
      return { value: `${growth.toFixed(1)} MiB (${s.rssBeforeMiB.toFixed(0)} → ${s.rssAfterMiB.toFixed(0)})`, met: growth <= 30 };
    },
  },
];

/** The targets table as lines of text. */
export function targetsTable(get: Lookup, posts: number): string[] {
  const cells = TARGETS.map((t) => {
    const result = t.check(get);
    return [t.label, t.target, result?.value ?? "—", result === undefined ? "not run" : result.met ? "met" : "NOT MET"];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(...cells.map((row) => row[i]!.length), ["target", "", "measured", ""][i]!.length));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd();
  const scale = posts >= 1_000_000 ? "" : ` (stated for 1,000,000 posts; this run seeded ${posts.toLocaleString("en")})`;
  const met = cells.filter((row) => row[3] === "met").length;
  const run = cells.filter((row) => row[3] !== "not run").length;
  return [`Targets${scale}: ${met} of ${run} measured met`, line(["target", "", "measured", ""]), ...cells.map(line)];
}
