import { DomainError } from "@/lib/platform/core/errors";
import { isRecordNotFound } from "@/lib/platform/db/errors";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";

/** What the branding settings show and each change answers. */
export interface BrandingView {
  accentColor: string | null;
  logoVersion: string | null;
}

export const BRANDING_SELECT = { accentColor: true, logoVersion: true } as const;

/** The portal's logo address; the version changes with each new logo, so the answer may be cached for good. */
export function logoPath(slug: string, version: string): string {
  return `/api/logos/${slug}/${version}`;
}

/** A workspace deleted while its branding was being changed: the same answer as any other change. */
export function rethrowGone(error: unknown): never {
  if (isRecordNotFound(error)) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
  throw error;
}
