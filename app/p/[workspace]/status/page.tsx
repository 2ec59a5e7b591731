import type { Metadata } from "next";
import { withBdi } from "@/lib/platform/i18n/bdi";
import { DEFAULT_PORTAL_LOCALE } from "@/lib/platform/i18n/locales";
import { getTranslations } from "next-intl/server";
import { IncidentCard } from "@/components/portal/incident-card";
import { MaintenanceCard } from "@/components/portal/maintenance-card";
import { portalAlternates, portalMetadata } from "@/components/portal/metadata";
import { SubscribeForm } from "@/components/portal/subscribe-form";
import { ComponentStatusLabel, StatusBanner } from "@/components/portal/status-visuals";
import { UptimeBars } from "@/components/portal/uptime-bars";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { listPublicIncidents } from "@/lib/domain/status/list-incidents";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";
import { UPTIME_DAYS } from "@/lib/domain/status/uptime";

type Props = { params: Promise<{ workspace: string }> };
const HISTORY_DAYS = 30;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, db, locale } = await loadPortal((await params).workspace);
  const [{ data: status }, t] = await Promise.all([getPublicStatus(db), getTranslations("Status")]);
  return {
    ...portalMetadata({ workspace, title: t("title"), description: t("metaDescription", { status: t(`indicator.${status.indicator}`), name: workspace.name }) }),
    // Replaces the layout's alternates, so the languages are named again beside the feed.
    alternates: { ...(await portalAlternates(workspace, locale)), types: { "application/atom+xml": `/api/public/${workspace.slug}/status/feed.xml` } },
  };
}

export default async function StatusPage({ params }: Props) {
  const { workspace, db, locale } = await loadPortal((await params).workspace);
  const [t, tSubscriptions] = await Promise.all([getTranslations("Status"), getTranslations("Subscriptions")]);
  const [{ data: status }, active, resolved] = await Promise.all([
    getPublicStatus(db, { history: true }),
    listPublicIncidents(db, { state: "active", limit: 50 }),
    listPublicIncidents(db, { state: "resolved", limit: 100 }, { resolvedWithinDays: HISTORY_DAYS }),
  ]);
  const componentNames = new Map(status.components.map((component) => [component.id, component.name]));
  const running = status.maintenances.filter((maintenance) => maintenance.state === "in_progress");
  const upcoming = status.maintenances.filter((maintenance) => maintenance.state === "upcoming");
  // The badge in the page's language; the English one keeps the plain address people copy.
  const badge = `/api/public/${workspace.slug}/status/badge.svg${locale === DEFAULT_PORTAL_LOCALE ? "" : `?lang=${encodeURIComponent(locale)}`}`;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{withBdi((slot) => t("heading", { name: slot(workspace.name) }))}</h1>
          {/* Every visitor reads the same instants, so the page names its zone once, not after each time. */}
          <p className="mt-1 text-sm text-slate-500" data-testid="status-time-zone">
            {t("timeZone")}
          </p>
        </div>
        <a href={badge} className="text-sm text-slate-500 hover:text-slate-800">
          {/* eslint-disable-next-line @next/next/no-img-element -- an SVG the API serves, shown as-is */}
          <img src={badge} data-testid="status-badge" alt={t("badge", { status: t(`indicator.${status.indicator}`) })} height={20} className="h-5" />
        </a>
      </div>
      <p className="-mt-4 text-sm">
        <a href={`/api/public/${workspace.slug}/status/feed.xml`} className="text-slate-600 underline hover:text-slate-900" data-testid="status-feed-link">
          {tSubscriptions("feed")}
        </a>
      </p>
      <StatusBanner
        indicator={status.indicator}
        updatedAt={status.updatedAt}
        text={{ indicator: t(`indicator.${status.indicator}`), lastChange: t("lastChangeLabel") }}
        locale={locale}
      />

      {active.data.length ? (
        <section aria-labelledby="active-incidents" className="space-y-3">
          <h2 id="active-incidents" className="text-lg font-semibold">
            {t("activeIncidents")}
          </h2>
          {active.data.map((incident) => (
            <IncidentCard key={incident.id} incident={incident} locale={locale} />
          ))}
        </section>
      ) : null}

      {running.length ? (
        <section aria-labelledby="maintenance-now" className="space-y-3">
          <h2 id="maintenance-now" className="text-lg font-semibold">
            {t("maintenanceNow")}
          </h2>
          {running.map((maintenance) => (
            <MaintenanceCard key={maintenance.id} maintenance={maintenance} componentNames={componentNames} locale={locale} />
          ))}
        </section>
      ) : null}

      <section aria-labelledby="components" className="rounded-xl border border-slate-200 bg-white">
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-5 py-3">
          <h2 id="components" className="text-lg font-semibold">
            {t("components")}
          </h2>
          <p className="text-xs text-slate-500">{t("uptimeOver", { days: UPTIME_DAYS })}</p>
        </div>
        {status.components.length ? (
          <ul className="divide-y divide-slate-100">
            {status.components.map((component) => (
              <li key={component.id} className="space-y-3 px-5 py-4" data-testid="status-component">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p dir="auto" className="font-medium text-slate-900">{component.name}</p>
                    {component.description ? <p dir="auto" className="text-sm text-slate-500">{component.description}</p> : null}
                  </div>
                  <ComponentStatusLabel status={component.status} label={t(`component.${component.status}`)} />
                </div>
                {component.uptime ? (
                  <UptimeBars componentName={component.name} days={component.uptime.days} percent={component.uptime.percent} totalDays={UPTIME_DAYS} />
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-5 py-4 text-sm text-slate-500">{t("noComponents")}</p>
        )}
      </section>

      {upcoming.length ? (
        <section aria-labelledby="maintenance-upcoming" className="space-y-3">
          <h2 id="maintenance-upcoming" className="text-lg font-semibold">
            {t("scheduled")}
          </h2>
          {upcoming.map((maintenance) => (
            <MaintenanceCard key={maintenance.id} maintenance={maintenance} componentNames={componentNames} locale={locale} />
          ))}
        </section>
      ) : null}

      <SubscribeForm slug={workspace.slug} topic="STATUS" components={status.components.map((component) => ({ id: component.id, name: component.name }))} />

      <section aria-labelledby="history" className="space-y-3">
        <h2 id="history" className="text-lg font-semibold">
          {t("resolved", { days: HISTORY_DAYS })}
        </h2>
        {resolved.data.length ? (
          resolved.data.map((incident) => <IncidentCard key={incident.id} incident={incident} locale={locale} />)
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">{t("noIncidents", { days: HISTORY_DAYS })}</p>
        )}
      </section>
    </div>
  );
}
