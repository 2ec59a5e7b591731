import type { Metadata } from "next";
import { NotAllowed } from "@/components/settings/not-allowed";
import { SsoSettingsManager } from "@/components/sso/sso-settings-manager";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { listMembers } from "@/lib/domain/members/list-members";
import { getSsoSettings } from "@/lib/domain/sso/get-sso-settings";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import { settingsActor } from "../settings-actor";

export const metadata: Metadata = { title: "Single sign-on" };

export default async function SsoSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor } = await settingsActor(slug, "/sso");
  if (!canManageWorkspace(actor.role)) {
    const { members } = await listMembers(actor);
    return (
      <NotAllowed
        title="Single sign-on"
        what="set up sign-in to the portal with your own app's accounts"
        role={actor.role}
        owners={members.filter((m) => m.role === "OWNER").map((m) => m.name ?? m.email)}
        backHref={`/w/${slug}`}
      />
    );
  }
  const settings = await getSsoSettings(actor);
  return (
    <SsoSettingsManager
      slug={slug}
      workspaceId={actor.workspaceId}
      callbackUrl={absoluteUrl(`/p/${slug}/sso/callback`).toString()}
      settings={{ enabled: settings.enabled, signInUrl: settings.signInUrl ?? "", ssoOnly: settings.ssoOnly }}
      secrets={settings.secrets.map((secret) => ({ id: secret.id, hint: secret.hint, createdAt: secret.createdAt.toISOString(), revokedAt: secret.revokedAt?.toISOString() ?? null }))}
    />
  );
}
