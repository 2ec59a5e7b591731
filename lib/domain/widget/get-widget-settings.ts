import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { db } from "@/lib/platform/db/client";
import { getSsoSettings } from "@/lib/domain/sso/get-sso-settings";

/** What the widget's settings page shows: the allowed origins, whether the portal is published and whether SSO is on. */
export async function getWidgetSettings(actor: WorkspaceActor) {
  authorize(actor, "settings.manage", "see the widget's settings");
  const [row, sso] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { widgetOrigins: true, portalPublished: true } }),
    getSsoSettings(actor),
  ]);
  return { origins: row.widgetOrigins, portalPublished: row.portalPublished, ssoEnabled: sso.enabled };
}
