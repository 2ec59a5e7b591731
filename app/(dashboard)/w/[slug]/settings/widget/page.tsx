import type { Metadata } from "next";
import { NotAllowed } from "@/components/settings/not-allowed";
import { WidgetSettings } from "@/components/settings/widget-settings";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { listMembers } from "@/lib/domain/members/list-members";
import { getWidgetSettings } from "@/lib/domain/widget/get-widget-settings";
import { ssoTokenExample, widgetSnippet } from "@/lib/domain/widget/widget-snippet";
import { publicOrigin } from "@/lib/platform/config/site-url";
import { settingsActor } from "../settings-actor";

export const metadata: Metadata = { title: "Widget" };

export default async function WidgetSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor } = await settingsActor(slug, "/widget");
  if (!canManageWorkspace(actor.role)) {
    const { members } = await listMembers(actor);
    return (
      <NotAllowed
        title="Widget"
        what="choose where the widget runs"
        role={actor.role}
        owners={members.filter((m) => m.role === "OWNER").map((m) => m.name ?? m.email)}
        backHref={`/w/${slug}`}
      />
    );
  }
  const settings = await getWidgetSettings(actor);
  return (
    <WidgetSettings
      slug={slug}
      origins={settings.origins}
      portalPublished={settings.portalPublished}
      ssoEnabled={settings.ssoEnabled}
      snippet={widgetSnippet({ appOrigin: publicOrigin(), slug, sso: settings.ssoEnabled })}
      ssoExample={settings.ssoEnabled ? ssoTokenExample() : null}
    />
  );
}
