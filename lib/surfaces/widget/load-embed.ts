import { notFound } from "next/navigation";
import { headers } from "next/headers";
import { setRequestLocale } from "next-intl/server";
import { cache } from "react";
import { scopedDb } from "@/lib/platform/db/scoped";
import { isPortalLocale, PORTAL_LOCALE_HEADER, portalPath, type PortalLocale } from "@/lib/platform/i18n/locales";
import { parseThemePreference, themeAttribute } from "@/lib/platform/theme/preference";
import { findPublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";
import { findWidgetWorkspace } from "@/lib/domain/widget/find-widget-workspace";

/**
 * The workspace behind an embed page (/embed/{workspace}/…), read afresh, with where its widget may
 * run; 404 for an unknown or unpublished one. Its language is the one the host page asked for
 * (`?locale=`, which the proxy hands over as the request's language), else the portal's default;
 * its colour scheme the host's `?theme=` (the frame cannot read the visitor's theme cookie inside
 * another site).
 */
export const loadEmbed = cache(async (slug: string, theme?: string | string[]) => {
  const [workspace, widget] = await Promise.all([findPublishedWorkspace(slug), findWidgetWorkspace(slug)]);
  if (!workspace || !widget) notFound();
  const asked = (await headers()).get(PORTAL_LOCALE_HEADER);
  const locale: PortalLocale = isPortalLocale(asked) ? asked : workspace.languages.defaultLocale;
  setRequestLocale(locale);
  const portalBase = portalPath(workspace.slug, workspace.languages.locales.includes(locale) ? locale : workspace.languages.defaultLocale, workspace.languages.defaultLocale);
  return {
    workspace,
    origins: widget.origins,
    db: scopedDb(workspace.id),
    locale,
    portalBase,
    theme: themeAttribute(parseThemePreference(typeof theme === "string" ? theme : undefined)),
  };
});
