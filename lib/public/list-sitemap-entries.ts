import { db } from "@/lib/db/client";
import { publicBoardFilter, publishedPortalFilter } from "@/lib/visibility";

/** One sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
const PORTAL_SECTIONS = ["", "/roadmap", "/changelog", "/status"] as const;

export interface SitemapEntry {
  path: string;
  lastModified: Date;
}

/**
 * The pages of every published portal (its sections and its public boards), oldest portal first
 * so the list is stable, cut at the sitemap limit. Posts and notes are left to the crawler, which
 * finds them from these pages.
 */
export async function listSitemapEntries(limit = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  const workspaces = await db.workspace.findMany({
    where: publishedPortalFilter,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: Math.ceil(limit / PORTAL_SECTIONS.length),
    select: {
      slug: true,
      updatedAt: true,
      boards: { where: publicBoardFilter, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { slug: true, updatedAt: true } },
    },
  });
  const entries: SitemapEntry[] = [];
  for (const workspace of workspaces) {
    const base = `/p/${workspace.slug}`;
    for (const section of PORTAL_SECTIONS) entries.push({ path: `${base}${section}`, lastModified: workspace.updatedAt });
    for (const board of workspace.boards) entries.push({ path: `${base}/boards/${board.slug}`, lastModified: board.updatedAt });
    if (entries.length >= limit) break;
  }
  return entries.slice(0, limit);
}
