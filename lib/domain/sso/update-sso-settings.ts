import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { validate } from "@/lib/platform/core/validate";
import { db } from "@/lib/platform/db/client";
import { ssoSettingsInputSchema, type SsoSettingsInput } from "./schemas";

/** An admin turns SSO on or off, sets the customer's sign-in page and whether it is the only way in. */
export async function updateSsoSettings(actor: WorkspaceActor, input: SsoSettingsInput) {
  authorize(actor, "settings.manage", "change single sign-on");
  const data = validate(ssoSettingsInputSchema, input, "The SSO settings are not valid.");
  return db.ssoSettings.upsert({
    where: { workspaceId: actor.workspaceId },
    create: { workspaceId: actor.workspaceId, ...data },
    update: data,
    select: { enabled: true, signInUrl: true, ssoOnly: true },
  });
}
