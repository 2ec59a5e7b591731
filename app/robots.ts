import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { siteUrl } from "@/lib/platform/config/site-url";

// An allow-list: the home page, the published portals (/p/…; an unpublished one is a 404 anyway)
// and what rendering and sharing them needs. Everything else - the dashboard, sign-in and sign-up,
// /api - is disallowed, and so is any private route added later without anyone editing this file.
// Crawlers take the longest matching rule, so each Allow beats the bare `Disallow: /`.
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection(); // the base URL is read at run time, not baked in at build
  const base = siteUrl();
  return {
    rules: {
      userAgent: "*",
      allow: ["/$", "/p/", "/_next/static/", "/icon", "/apple-icon", "/favicon.ico", "/opengraph-image", "/manifest.webmanifest"],
      disallow: "/",
    },
    sitemap: new URL("/sitemap.xml", base).toString(),
  };
}
