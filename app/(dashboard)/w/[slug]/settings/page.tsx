import type { Metadata } from "next";
import { GeneralSettings } from "@/components/settings/general-settings";
import { getPlanUsage } from "@/lib/plans/get-plan-usage";
import { canManageWorkspace } from "@/lib/roles";
import { settingsActor } from "./settings-actor";

export const metadata: Metadata = { title: "Workspace settings" };

export default async function GeneralSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await settingsActor(slug, "");
  const usage = await getPlanUsage(actor.db, workspace.plan);
  return (
    <GeneralSettings
      workspace={{ name: workspace.name, slug: workspace.slug, portalPublished: workspace.portalPublished, plan: workspace.plan }}
      role={actor.role}
      canManage={canManageWorkspace(actor.role)}
      usage={usage}
    />
  );
}
