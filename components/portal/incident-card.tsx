import type { PublicIncident } from "@/lib/domain/status/list-incidents";
import { withBdi } from "@/lib/platform/i18n/bdi";
import { useTranslations } from "next-intl";
import { formatDateTime } from "@/lib/platform/text/format-date";
import { ImpactLabel } from "./status-visuals";

/** An incident with its update timeline, newest update first. Times in UTC: the page says so once. */
export function IncidentCard({ incident, locale }: { incident: PublicIncident; locale: string }) {
  const t = useTranslations("Status");
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5" data-testid="incident">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 dir="auto" className="font-semibold text-slate-900">{incident.title}</h3>
          {incident.components.length ? (
            <p className="mt-0.5 text-sm text-slate-500">{withBdi((slot) => t("affects", { names: incident.components.map((component) => slot(component.name)).join(", ") }))}</p>
          ) : null}
        </div>
        <ImpactLabel impact={incident.impact} label={t(`impact.${incident.impact}`)} />
      </header>
      <ol className="mt-4 space-y-4 border-s-2 border-slate-200 ps-4">
        {incident.updates.map((update) => (
          <li key={update.id} className="relative">
            <span aria-hidden="true" className="absolute top-1.5 -start-[1.4rem] h-2.5 w-2.5 rounded-full bg-slate-400 ring-4 ring-white" />
            <p className="text-sm">
              <strong className="font-semibold text-slate-900">{t(`update.${update.status}`)}</strong>
              <span className="text-slate-700">
                {" — "}
                <bdi data-testid="incident-update-message">{update.message}</bdi>
              </span>
            </p>
            <p className="mt-0.5 text-xs text-slate-500">
              <time dateTime={update.createdAt}>{formatDateTime(update.createdAt, "utc", locale)}</time>
            </p>
          </li>
        ))}
      </ol>
    </article>
  );
}
