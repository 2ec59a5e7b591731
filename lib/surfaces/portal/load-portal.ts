import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { cache } from "react";
import { DomainError } from "@/lib/platform/core/errors";
import { scopedDb } from "@/lib/platform/db/scoped";
import { isPortalLocale, PORTAL_LOCALE_HEADER, PORTAL_PREFIXED_HEADER, portalPath, type PortalLocale } from "@/lib/platform/i18n/locales";
import { findPublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";

/**
 * The published workspace behind a portal page, looked up once per request however many of the
 * layout, the page and its metadata ask; an unknown or unpublished slug is the portal's 404.
 * It also settles the page's language: the address's language segment (taken off by proxy.ts and
 * passed as a header) when the portal offers it, a 404 when it does not, the portal's default
 * otherwise. `base` is where the portal's links start in that language (/p/acme or /p/acme/de).
 */
export const loadPortal = cache(async (slug: string) => {
  const workspace = await findPublishedWorkspace(slug);
  if (!workspace) notFound();
  const requestHeaders = await headers();
  let locale: PortalLocale = workspace.languages.defaultLocale;
  if (requestHeaders.get(PORTAL_PREFIXED_HEADER) === "1") {
    const asked = requestHeaders.get(PORTAL_LOCALE_HEADER);
    if (!isPortalLocale(asked) || !workspace.languages.locales.includes(asked)) notFound();
    locale = asked;
  }
  setRequestLocale(locale);
  const base = portalPath(workspace.slug, locale, workspace.languages.defaultLocale);
  return { workspace, db: scopedDb(workspace.id), locale, base };
});

/** A domain read whose NOT_FOUND becomes the page's 404. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
