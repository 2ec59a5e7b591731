"use server";

import { createSsoSecret } from "@/lib/domain/sso/create-sso-secret";
import { revokeSsoSecret } from "@/lib/domain/sso/revoke-sso-secret";
import type { SsoSettingsInput } from "@/lib/domain/sso/schemas";
import { updateSsoSettings } from "@/lib/domain/sso/update-sso-settings";
import { portalChanged } from "@/lib/platform/cache/refresh-after-change";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";

// Each action reads the session and role afresh (runWorkspaceAction) and the domain checks the
// role again. A new secret is in the answer of createSsoSecretAction and nowhere else.

// The portal's cached signed-out pages carry its "Sign in" link, which follows these settings.
const stale = (slug: string) => ({ pages: [`/w/${slug}/settings/sso`], ...portalChanged(slug) });

export async function saveSsoSettingsAction(slug: string, input: SsoSettingsInput) {
  return runWorkspaceAction(slug, "saveSsoSettingsAction", (actor) => updateSsoSettings(actor, input), stale(slug));
}

export async function createSsoSecretAction(slug: string) {
  return runWorkspaceAction(slug, "createSsoSecretAction", async (actor) => {
    const created = await createSsoSecret(actor);
    return { id: created.id, secret: created.secret, hint: created.hint, createdAt: created.createdAt.toISOString() };
  }, stale(slug));
}

export async function revokeSsoSecretAction(slug: string, secretId: string) {
  return runWorkspaceAction(slug, "revokeSsoSecretAction", (actor) => revokeSsoSecret(actor, String(secretId)), stale(slug));
}
