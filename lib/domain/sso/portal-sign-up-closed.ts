import { db } from "@/lib/platform/db/client";

/**
 * The published workspace whose portal path `/p/{slug}/…` is given, when its "SSO only" switch
 * turned the portal's own sign-up off; null otherwise (any other path, or sign-up open).
 */
export async function portalSignUpClosedFor(portalPath: string | null | undefined): Promise<{ name: string; slug: string } | null> {
  const slug = portalPath?.match(/^\/p\/([a-z0-9-]{1,64})(?:\/|$)/)?.[1];
  if (!slug) return null;
  return db.workspace.findFirst({
    where: { slug, ssoSettings: { enabled: true, ssoOnly: true, signInUrl: { not: null } } },
    select: { name: true, slug: true },
  });
}
