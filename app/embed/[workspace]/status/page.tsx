import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IncidentCard } from "@/components/portal/incident-card";
import { MaintenanceCard } from "@/components/portal/maintenance-card";
import { ComponentStatusLabel, StatusBanner } from "@/components/portal/status-visuals";
import { EmbedShell } from "@/components/widget/embed-shell";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { listPublicIncidents } from "@/lib/domain/status/list-incidents";
import { embedSectionsOf } from "@/lib/surfaces/widget/embed-sections";
import { loadEmbed } from "@/lib/surfaces/widget/load-embed";

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await loadEmbed((await params).workspace);
  const t = await getTranslations("Widget");
  return { title: t("statusEmbed", { name: workspace.name }), robots: { index: false } };
}

// The status page for another site's own page, sections chosen by `?embed=` (overall, components,
// incidents, maintenance; e.g. ?embed=components,incidents), without the portal's header and footer.
export default async function StatusEmbedPage({ params, searchParams }: Props) {
  const [{ workspace: slug }, query] = await Promise.all([params, searchParams]);
  const embed = await loadEmbed(slug, query.theme);
  const sections = embedSectionsOf(query.embed);
  const [t, tw, { data: status }, active] = await Promise.all([
    getTranslations("Status"),
    getTranslations("Widget"),
    getPublicStatus(embed.db),
    listPublicIncidents(embed.db, { state: "active", limit: 20 }),
  ]);
  const componentNames = new Map(status.components.map((component) => [component.id, component.name]));
  const running = status.maintenances.filter((maintenance) => maintenance.state === "in_progress");
  return (
    <EmbedShell locale={embed.locale} theme={embed.theme} accentColor={embed.workspace.accentColor}>
      <main className="space-y-4 p-4">
        <h1 className="sr-only">{tw("statusEmbed", { name: embed.workspace.name })}</h1>
        {sections.has("overall") ? (
          <StatusBanner indicator={status.indicator} updatedAt={status.updatedAt} text={{ indicator: t(`indicator.${status.indicator}`), lastChange: t("lastChangeLabel") }} locale={embed.locale} />
        ) : null}
        {sections.has("incidents") && active.data.length ? (
          <section aria-labelledby="active-incidents" className="space-y-3" data-testid="embed-incidents">
            <h2 id="active-incidents" className="font-semibold">
              {t("activeIncidents")}
            </h2>
            {active.data.map((incident) => (
              <IncidentCard key={incident.id} incident={incident} locale={embed.locale} />
            ))}
          </section>
        ) : null}
        {sections.has("maintenance") && running.length ? (
          <section aria-labelledby="maintenance-now" className="space-y-3">
            <h2 id="maintenance-now" className="font-semibold">
              {t("maintenanceNow")}
            </h2>
            {running.map((maintenance) => (
              <MaintenanceCard key={maintenance.id} maintenance={maintenance} componentNames={componentNames} locale={embed.locale} />
            ))}
          </section>
        ) : null}
        {sections.has("components") ? (
          <section aria-labelledby="components" className="rounded-xl border border-slate-200 bg-white" data-testid="embed-components">
            <h2 id="components" className="border-b border-slate-100 px-4 py-2 font-semibold">
              {t("components")}
            </h2>
            {status.components.length ? (
              <ul className="divide-y divide-slate-100">
                {status.components.map((component) => (
                  <li key={component.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                    <span dir="auto" className="font-medium text-slate-900">
                      {component.name}
                    </span>
                    <ComponentStatusLabel status={component.status} label={t(`component.${component.status}`)} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-4 py-3 text-sm text-slate-500">{t("noComponents")}</p>
            )}
          </section>
        ) : null}
        <p className="text-xs text-slate-500">
          <a href={`${embed.portalBase}/status`} target="_blank" rel="noopener" className="underline hover:text-slate-800">
            {t("title")}
          </a>
        </p>
      </main>
    </EmbedShell>
  );
}
