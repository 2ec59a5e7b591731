import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { listSitemapEntries, SITEMAP_MAX_URLS } from "@/lib/domain/workspaces/list-sitemap-entries";
import { siteUrl } from "@/lib/platform/config/site-url";

// Read per request (never at build, when there may be no database): the portals published now,
// each page in every language its portal offers with its hreflang alternates.
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const base = siteUrl();
  const entries = await listSitemapEntries(SITEMAP_MAX_URLS - 1);
  return [
    { url: new URL("/", base).toString(), changeFrequency: "monthly" },
    ...entries.map((entry) => ({
      url: new URL(entry.path, base).toString(),
      lastModified: entry.lastModified,
      alternates: { languages: Object.fromEntries(Object.entries(entry.languages).map(([locale, path]) => [locale, new URL(path, base).toString()])) },
    })),
  ];
}
