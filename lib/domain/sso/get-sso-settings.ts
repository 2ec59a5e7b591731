import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { db } from "@/lib/platform/db/client";

/** What the settings page shows: the switches and the secrets by their hint (never the secrets). */
export async function getSsoSettings(actor: WorkspaceActor) {
  authorize(actor, "settings.manage", "see single sign-on settings");
  const [settings, secrets] = await Promise.all([
    db.ssoSettings.findUnique({ where: { workspaceId: actor.workspaceId }, select: { enabled: true, signInUrl: true, ssoOnly: true } }),
    db.ssoSecret.findMany({ where: { workspaceId: actor.workspaceId }, select: { id: true, hint: true, createdAt: true, revokedAt: true }, orderBy: { createdAt: "desc" }, take: 50 }),
  ]);
  return { enabled: settings?.enabled ?? false, signInUrl: settings?.signInUrl ?? null, ssoOnly: settings?.ssoOnly ?? false, secrets };
}
