import { SettingsNav } from "@/components/settings/settings-nav";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { settingsActor } from "./settings-actor";

export default async function SettingsLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor } = await settingsActor(slug, "");
  return (
    <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
      <SettingsNav slug={slug} canManage={canManageWorkspace(actor.role)} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
