import type { Metadata } from "next";
import { headers } from "next/headers";
import { parsePortalPath, portalPath, type PortalLanguages, type PortalLocale } from "@/lib/platform/i18n/locales";

/** Title, description and social-preview fields for one portal page. */
export function portalMetadata(input: { workspace: { name: string }; title?: string; description: string; type?: "website" | "article"; publishedTime?: string }): Metadata {
  const title = input.title ? `${input.title} · ${input.workspace.name}` : input.workspace.name;
  return {
    title: { absolute: title },
    description: input.description,
    openGraph: {
      title,
      description: input.description,
      siteName: input.workspace.name,
      type: input.type ?? "website",
      ...(input.publishedTime ? { publishedTime: input.publishedTime } : {}),
    },
    twitter: { card: "summary_large_image", title, description: input.description },
  };
}

/**
 * The page's address in this language (canonical) and in every other language the portal offers
 * (hreflang), the unprefixed default also as x-default; the query is left out.
 */
export async function portalAlternates(workspace: { slug: string; languages: PortalLanguages }, locale: PortalLocale): Promise<NonNullable<Metadata["alternates"]>> {
  const here = (await headers()).get("x-pathname") ?? "";
  const rest = parsePortalPath(here.split("?")[0] ?? "")?.rest ?? "";
  const { defaultLocale, locales } = workspace.languages;
  const languages: Record<string, string> = Object.fromEntries(locales.map((each) => [each, portalPath(workspace.slug, each, defaultLocale, rest)]));
  languages["x-default"] = portalPath(workspace.slug, defaultLocale, defaultLocale, rest);
  return { canonical: portalPath(workspace.slug, locale, defaultLocale, rest), languages };
}
