import type { Metadata } from "next";
import { BrandingSettings } from "@/components/settings/branding-settings";
import { GeneralSettings } from "@/components/settings/general-settings";
import { NotificationSettingsCard } from "@/components/settings/notification-settings";
import { PortalLanguagesSettings } from "@/components/settings/portal-languages-settings";
import { portalLanguagesOf } from "@/lib/platform/i18n/locales";
import { DangerZone } from "@/components/workspaces/danger-zone";
import { logoPath } from "@/lib/domain/branding/branding-view";
import { getPlanUsage } from "@/lib/domain/plans/get-plan-usage";
import { isOperator, operatorContact } from "@/lib/domain/plans/operators";
import { canManageWorkspace, roleCan } from "@/lib/domain/access/roles";
import { settingsActor } from "./settings-actor";

export const metadata: Metadata = { title: "Workspace settings" };

export default async function GeneralSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace, user } = await settingsActor(slug, "");
  const [usage, owners] = await Promise.all([
    getPlanUsage(actor.db, workspace.plan),
    actor.role === "OWNER" ? actor.db.membership.count({ where: { role: "OWNER" } }) : null,
  ]);
  return (
    <GeneralSettings
      workspace={{ name: workspace.name, slug: workspace.slug, portalPublished: workspace.portalPublished, plan: workspace.plan }}
      role={actor.role}
      canManage={canManageWorkspace(actor.role)}
      usage={usage}
      operatorContact={operatorContact()}
      youOperate={isOperator(user)}
    >
      <BrandingSettings
        workspace={{ slug: workspace.slug, name: workspace.name }}
        accentColor={workspace.accentColor}
        logoUrl={workspace.logoVersion ? logoPath(workspace.slug, workspace.logoVersion) : null}
        canManage={canManageWorkspace(actor.role)}
      />
      <PortalLanguagesSettings
        slug={workspace.slug}
        languages={portalLanguagesOf(workspace)}
        canManage={canManageWorkspace(actor.role)}
      />
      <NotificationSettingsCard
        slug={workspace.slug}
        settings={{
          notifyPostUpdates: workspace.notifyPostUpdates,
          notifyStatusSubscribers: workspace.notifyStatusSubscribers,
          notifyChangelogSubscribers: workspace.notifyChangelogSubscribers,
        }}
        canManage={canManageWorkspace(actor.role)}
      />
      <DangerZone
        workspace={{ name: workspace.name, slug: workspace.slug }}
        canDelete={roleCan(actor.role, "workspace.delete")}
        soleOwner={owners === 1}
      />
    </GeneralSettings>
  );
}
