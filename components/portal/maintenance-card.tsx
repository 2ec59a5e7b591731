import type { PublicMaintenance } from "@/lib/domain/status/get-public-status";
import { withBdi } from "@/lib/platform/i18n/bdi";
import { useTranslations } from "next-intl";
import { formatDateTime } from "@/lib/platform/text/format-date";

/** A maintenance window running now or ahead: when, what it covers, and what the team said. */
export function MaintenanceCard({ maintenance, componentNames, locale }: { maintenance: PublicMaintenance; componentNames: Map<string, string>; locale: string }) {
  const t = useTranslations("Status");
  const running = maintenance.state === "in_progress";
  const names = maintenance.componentIds.map((id) => componentNames.get(id)).filter(Boolean);
  return (
    <article
      className={`rounded-xl border p-5 ${running ? "border-sky-300 bg-sky-50" : "border-slate-200 bg-white"}`}
      data-testid="maintenance"
      data-state={maintenance.state}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 dir="auto" className="font-semibold text-slate-900">{maintenance.title}</h3>
          {names.length ? <p className="mt-0.5 text-sm text-slate-600">{withBdi((slot) => t("affects", { names: names.map((name) => slot(name!)).join(", ") }))}</p> : null}
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${running ? "bg-sky-600 text-white" : "bg-sky-100 text-sky-800"}`}>
          {running ? t("inProgress") : t("scheduledBadge")}
        </span>
      </header>
      <p className="mt-3 text-sm text-slate-700">
        <time dateTime={maintenance.startsAt}>{formatDateTime(maintenance.startsAt, "utc", locale)}</time> –{" "}
        <time dateTime={maintenance.endsAt}>{formatDateTime(maintenance.endsAt, "utc", locale)}</time>
      </p>
      {maintenance.message ? <p dir="auto" className="mt-2 text-sm whitespace-pre-line text-slate-700">{maintenance.message}</p> : null}
    </article>
  );
}
