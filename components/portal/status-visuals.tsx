import type { ComponentStatus, IncidentImpact } from "@/lib/generated/prisma/enums";
import type { Indicator } from "@/lib/domain/status/overall-indicator";
import { formatDateTime } from "@/lib/platform/text/format-date";
import { humanize } from "./format";

// Dark enough for white text to meet WCAG AA (4.5:1) on each.
const BANNER: Record<Indicator, string> = {
  operational: "bg-emerald-700",
  degraded: "bg-amber-700",
  partial_outage: "bg-orange-700",
  major_outage: "bg-red-700",
  maintenance: "bg-sky-700",
};

/** The portal's banner: `text` is in the page's language (the indicator and "Last change"), dates in `locale`. */
export function StatusBanner({ indicator, updatedAt, text, locale }: { indicator: Indicator; updatedAt: string | null; text: { indicator: string; lastChange: string }; locale: string }) {
  return (
    <div className={`rounded-xl px-5 py-4 text-white shadow-sm ${BANNER[indicator]}`} data-testid="status-banner" data-indicator={indicator}>
      <p className="text-lg font-semibold">{text.indicator}</p>
      {updatedAt ? (
        <p className="mt-0.5 text-sm text-white">
          {text.lastChange} <time dateTime={updatedAt}>{formatDateTime(updatedAt, "utc", locale)}</time>
        </p>
      ) : null}
    </div>
  );
}

const COMPONENT_TONES: Record<ComponentStatus, { dot: string; text: string }> = {
  operational: { dot: "bg-emerald-500", text: "text-emerald-700" },
  degraded_performance: { dot: "bg-amber-500", text: "text-amber-700" },
  partial_outage: { dot: "bg-orange-500", text: "text-orange-700" },
  major_outage: { dot: "bg-red-600", text: "text-red-700" },
  under_maintenance: { dot: "bg-sky-500", text: "text-sky-700" },
};

export function ComponentStatusLabel({ status, label }: { status: ComponentStatus; label?: string }) {
  const tone = COMPONENT_TONES[status];
  return (
    <span className={`inline-flex items-center gap-2 text-sm font-medium ${tone.text}`}>
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${tone.dot}`} />
      {label ?? humanize(status)}
    </span>
  );
}

const IMPACT_TONES: Record<IncidentImpact, string> = {
  none: "bg-slate-100 text-slate-700",
  minor: "bg-amber-100 text-amber-800",
  major: "bg-orange-100 text-orange-800",
  critical: "bg-red-100 text-red-800",
};

/** `label` is the impact in the page's language (the portal's); the dashboard shows the English one. */
export function ImpactLabel({ impact, label }: { impact: IncidentImpact; label?: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${IMPACT_TONES[impact]}`}>{label ?? `${humanize(impact)} impact`}</span>;
}

/** The uptime bars' colours, one per state a day can have been in at worst. */
export const DAY_STATE_COLORS: Record<ComponentStatus, string> = {
  operational: "bg-emerald-500",
  under_maintenance: "bg-sky-500",
  degraded_performance: "bg-amber-400",
  partial_outage: "bg-orange-500",
  major_outage: "bg-red-600",
};
