import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { portalLanguagesOf, type PortalLanguages } from "@/lib/platform/i18n/locales";
import { publishedPortalFilter } from "@/lib/domain/access/visibility";

export interface PublishedWorkspace {
  id: string;
  slug: string;
  name: string;
  /** The portal's branding (lib/domain/branding): null keeps the app's own look. */
  accentColor: string | null;
  logoVersion: string | null;
  /** The portal's default language and the languages it offers. */
  languages: PortalLanguages;
}

// What a slug in a public path may look like; anything else cannot exist and is not looked up.
const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;

export function isPossibleSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}

/** The workspace behind a public path, if its portal is published; null otherwise. */
export async function findPublishedWorkspace(slug: string): Promise<PublishedWorkspace | null> {
  if (!isPossibleSlug(slug)) return null;
  const row = await db.workspace.findFirst({
    where: { slug, ...publishedPortalFilter },
    select: { id: true, slug: true, name: true, accentColor: true, logoVersion: true, portalDefaultLocale: true, portalLocales: true },
  });
  if (!row) return null;
  const { portalDefaultLocale, portalLocales, ...rest } = row;
  return { ...rest, languages: portalLanguagesOf({ portalDefaultLocale, portalLocales }) };
}

/** One message for an unknown slug and an unpublished portal, so neither reveals the other. */
export const WORKSPACE_NOT_FOUND = "No published workspace portal at this address.";

export async function getPublishedWorkspaceOrThrow(slug: string): Promise<PublishedWorkspace> {
  const workspace = await findPublishedWorkspace(slug);
  if (!workspace) throw new DomainError("NOT_FOUND", WORKSPACE_NOT_FOUND);
  return workspace;
}
