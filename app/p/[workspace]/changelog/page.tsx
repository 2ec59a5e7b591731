import type { Metadata } from "next";
import { withBdi } from "@/lib/platform/i18n/bdi";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatDate } from "@/lib/platform/text/format-date";
import { Markdown } from "@/components/portal/markdown";
import { portalAlternates, portalMetadata } from "@/components/portal/metadata";
import { SubscribeForm } from "@/components/portal/subscribe-form";
import { DomainError } from "@/lib/platform/core/errors";
import { PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { listPublicReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const PAGE_SIZE = 10;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, locale } = await loadPortal((await params).workspace);
  const t = await getTranslations("Changelog");
  return {
    ...portalMetadata({ workspace, title: t("title"), description: t("metaDescription", { name: workspace.name }) }),
    // Replaces the layout's alternates, so the languages are named again beside the feed.
    alternates: { ...(await portalAlternates(workspace, locale)), types: { "application/atom+xml": `/api/public/${workspace.slug}/changelog/feed.xml` } },
  };
}

export default async function ChangelogPage({ params, searchParams }: Props) {
  const [{ workspace, db, base: portalBase, locale }, search] = await Promise.all([loadPortal((await params).workspace), searchParams]);
  const t = await getTranslations("Changelog");
  const cursor = typeof search.cursor === "string" && search.cursor.length <= 512 ? search.cursor : undefined;
  const page = await listPublicReleaseNotes(db, PUBLIC_AUDIENCE, { limit: PAGE_SIZE, cursor }).catch((error) => {
    if (error instanceof DomainError && error.code === "VALIDATION_ERROR") return listPublicReleaseNotes(db, PUBLIC_AUDIENCE, { limit: PAGE_SIZE });
    throw error;
  });
  const base = `${portalBase}/changelog`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
          <p className="mt-1 text-slate-600">{withBdi((slot) => t("intro", { name: slot(workspace.name) }))}</p>
        </div>
        <a href={`/api/public/${workspace.slug}/changelog/feed.xml`} className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-orange-500" fill="currentColor">
            <path d="M4 4a12 12 0 0112 12h-2.5A9.5 9.5 0 004 6.5V4zm0 5a7 7 0 017 7H8.5A4.5 4.5 0 004 11.5V9zm1.5 4.5a1.5 1.5 0 110 3 1.5 1.5 0 010-3z" />
          </svg>
          {t("feed")}
        </a>
      </div>
      <SubscribeForm slug={workspace.slug} topic="CHANGELOG" />
      {page.data.length === 0 ? <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("empty")}</p> : null}
      <ol className="space-y-6">
        {page.data.map((note) => (
          <li key={note.id}>
            <article className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6" data-testid="release-note">
              <p className="text-sm text-slate-500">
                <time dateTime={note.publishedAt}>{formatDate(note.publishedAt, "utc", locale)}</time>
              </p>
              <h2 dir="auto" className="mt-1 text-xl font-semibold tracking-tight">
                <Link href={`${base}/${note.id}`} className="hover:text-indigo-700 hover:underline">
                  {note.title}
                </Link>
              </h2>
              <Markdown source={note.body} className="mt-3" />
            </article>
          </li>
        ))}
      </ol>
      <div className="flex justify-between text-sm">
        {cursor ? (
          <Link href={base} className="font-medium text-indigo-700 hover:underline">
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span> {t("latest")}
          </Link>
        ) : (
          <span />
        )}
        {page.pagination.nextCursor ? (
          <Link href={`${base}?cursor=${encodeURIComponent(page.pagination.nextCursor)}`} className="font-medium text-indigo-700 hover:underline">
            {t("older")} <span aria-hidden="true" className="inline-block rtl:-scale-x-100">→</span>
          </Link>
        ) : null}
      </div>
    </div>
  );
}
