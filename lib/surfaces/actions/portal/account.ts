"use server";

import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { DomainError } from "@/lib/platform/core/errors";
import { isPortalLocale, PORTAL_LOCALE_HEADER, PORTAL_PREFIXED_HEADER, portalPath } from "@/lib/platform/i18n/locales";
import { setPostNotificationLevel } from "@/lib/domain/notifications/set-post-notification-level";
import { preferenceChangeAllowed } from "@/lib/domain/notifications/unsubscribe-post-updates";
import { findPublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";

/**
 * Saves a visitor's choice of mail about posts on this portal. The session is read afresh (a
 * signed-out visitor is sent to sign in); the page's language becomes their mail's language.
 */
export async function savePostNotificationLevelAction(workspaceSlug: string, formData: FormData): Promise<void> {
  // It answers by redirecting, so an outage goes on to the error page.
  return serverAction({ context: "savePostNotificationLevelAction", caller: "visitor", refusals: "throw", unavailable: "throw" }, async (user) => {
    const workspace = typeof workspaceSlug === "string" ? await findPublishedWorkspace(workspaceSlug) : null;
    if (!workspace) redirect("/");
    const requestHeaders = await headers();
    const asked = requestHeaders.get(PORTAL_LOCALE_HEADER);
    const locale = requestHeaders.get(PORTAL_PREFIXED_HEADER) === "1" && isPortalLocale(asked) ? asked : workspace.languages.defaultLocale;
    const page = portalPath(workspace.slug, locale, workspace.languages.defaultLocale, "/account");
    if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(page)}`);
    if (!(await preferenceChangeAllowed(`user:${user.id}`))) redirect(`${page}?error=busy`);
    try {
      await setPostNotificationLevel(user.id, workspace.id, { level: formData.get("level"), locale });
    } catch (error) {
      if (error instanceof DomainError && error.code === "VALIDATION_ERROR") redirect(`${page}?error=level`);
      throw error;
    }
    redirect(`${page}?saved=1`);
  });
}
