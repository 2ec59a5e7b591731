import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChangelogFrame } from "@/components/widget/changelog-widget";
import { EmbedShell } from "@/components/widget/embed-shell";
import { Markdown } from "@/components/portal/markdown";
import { formatDate } from "@/lib/platform/text/format-date";
import { listPublicReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { loadEmbed } from "@/lib/surfaces/widget/load-embed";

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const NOTES_SHOWN = 20;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Widget");
  return { title: t("whatsNew"), robots: { index: false } };
}

// The changelog popup's frame: the latest release notes, newest first, each linking to its page.
export default async function ChangelogEmbedPage({ params, searchParams }: Props) {
  const [{ workspace: slug }, query] = await Promise.all([params, searchParams]);
  const embed = await loadEmbed(slug, query.theme);
  const [t, tc, notes] = await Promise.all([getTranslations("Widget"), getTranslations("Changelog"), listPublicReleaseNotes(embed.db, PUBLIC_AUDIENCE, { limit: NOTES_SHOWN })]);
  return (
    <EmbedShell locale={embed.locale} theme={embed.theme} accentColor={embed.workspace.accentColor}>
      <main className="h-full">
        <ChangelogFrame allowedOrigins={embed.origins} latest={notes.data[0]?.publishedAt ?? null} title={t("whatsNew")} closeLabel={t("close")}>
          {notes.data.length === 0 ? (
            <p className="text-sm text-slate-600">{tc("empty")}</p>
          ) : (
            <ol className="space-y-6" data-testid="widget-notes">
              {notes.data.map((note) => (
                <li key={note.id}>
                  <article>
                    <p className="text-xs text-slate-500">
                      <time dateTime={note.publishedAt}>{formatDate(note.publishedAt, "utc", embed.locale)}</time>
                    </p>
                    {/* A note's own language sets its title's direction, as its body's (Markdown) does:
                        an English title in an Arabic frame lines up with its English text. */}
                    <h2 dir="auto" className="mt-1 font-semibold text-slate-900">
                      <a href={`${embed.portalBase}/changelog/${note.id}`} target="_blank" rel="noopener" className="hover:underline">
                        {note.title}
                      </a>
                    </h2>
                    <Markdown source={note.body} className="mt-2 text-sm" />
                  </article>
                </li>
              ))}
            </ol>
          )}
        </ChangelogFrame>
      </main>
    </EmbedShell>
  );
}
