import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatDate } from "@/lib/platform/text/format-date";
import { Markdown } from "@/components/portal/markdown";
import { portalMetadata } from "@/components/portal/metadata";
import { idSchema } from "@/lib/platform/core/schemas";
import { markdownExcerpt } from "@/lib/platform/text/render-markdown";
import { PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { getPublicReleaseNote } from "@/lib/domain/changelog/get-release-note";
import { loadPortal, orNotFound } from "@/lib/surfaces/portal/load-portal";
import { notFound } from "next/navigation";

type Props = { params: Promise<{ workspace: string; id: string }> };

async function load(params: Props["params"]) {
  const { workspace: slug, id } = await params;
  const portal = await loadPortal(slug);
  if (!idSchema.safeParse(id).success) notFound();
  const { data: note } = await orNotFound(getPublicReleaseNote(portal.db, PUBLIC_AUDIENCE, id));
  return { ...portal, note };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, note } = await load(params);
  return portalMetadata({
    workspace,
    title: note.title,
    description: markdownExcerpt(note.body) || (await getTranslations("Changelog"))("noteDescription", { name: workspace.name }),
    type: "article",
    publishedTime: note.publishedAt,
  });
}

export default async function ReleaseNotePage({ params }: Props) {
  const { note, base, locale } = await load(params);
  const t = await getTranslations("Changelog");
  return (
    <div className="space-y-6">
      <Link href={`${base}/changelog`} className="text-sm text-slate-500 hover:text-slate-800">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span> {t("title")}
      </Link>
      <article className="rounded-xl border border-slate-200 bg-white p-5 sm:p-8">
        <p className="text-sm text-slate-500">
          <time dateTime={note.publishedAt}>{formatDate(note.publishedAt, "utc", locale)}</time>
        </p>
        <h1 dir="auto" className="mt-1 text-2xl font-semibold tracking-tight">{note.title}</h1>
        <Markdown source={note.body} className="mt-4" />
      </article>
    </div>
  );
}
