import { db } from "@/lib/platform/db/client";
import { portalLanguagesOf, portalPath } from "@/lib/platform/i18n/locales";
import { publicBoardFilter, publishedPortalFilter } from "@/lib/domain/access/visibility";

/** One sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
const PORTAL_SECTIONS = ["", "/roadmap", "/changelog", "/status"] as const;

export interface SitemapEntry {
  path: string;
  lastModified: Date;
  /** The page in each language the portal offers (hreflang), the default also as x-default. */
  languages: Record<string, string>;
}

/**
 * The pages of every published portal (its sections and its public boards) in every language the
 * portal offers, each naming its other-language addresses; oldest portal first so the list is
 * stable, cut at the sitemap limit. Posts and notes are left to the crawler, which finds them from
 * these pages.
 */
export async function listSitemapEntries(limit = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  const workspaces = await db.workspace.findMany({
    where: publishedPortalFilter,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: Math.ceil(limit / PORTAL_SECTIONS.length),
    select: {
      slug: true,
      updatedAt: true,
      portalDefaultLocale: true,
      portalLocales: true,
      boards: { where: publicBoardFilter, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { slug: true, updatedAt: true } },
    },
  });
  const entries: SitemapEntry[] = [];
  for (const workspace of workspaces) {
    const { defaultLocale, locales } = portalLanguagesOf(workspace);
    const pages = [
      ...PORTAL_SECTIONS.map((section) => ({ rest: section, lastModified: workspace.updatedAt })),
      ...workspace.boards.map((board) => ({ rest: `/boards/${board.slug}`, lastModified: board.updatedAt })),
    ];
    for (const { rest, lastModified } of pages) {
      const languages: Record<string, string> = Object.fromEntries(locales.map((locale) => [locale, portalPath(workspace.slug, locale, defaultLocale, rest)]));
      languages["x-default"] = portalPath(workspace.slug, defaultLocale, defaultLocale, rest);
      for (const locale of locales) entries.push({ path: languages[locale]!, lastModified, languages });
    }
    if (entries.length >= limit) break;
  }
  return entries.slice(0, limit);
}
