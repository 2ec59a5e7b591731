import type { Metadata } from "next";
import { MembersManager } from "@/components/members/members-manager";
import { listMembers } from "@/lib/domain/members/list-members";
import { mailMode } from "@/lib/platform/mail/config";
import { getPlanUsage } from "@/lib/domain/plans/get-plan-usage";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { settingsActor } from "../settings-actor";

export const metadata: Metadata = { title: "Members" };

// Everyone in the workspace may see who else is in it; only admins and owners get the controls.
export default async function MembersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await settingsActor(slug, "/members");
  const [{ members, invitations }, [usage]] = await Promise.all([listMembers(actor), getPlanUsage(actor.db, workspace.plan, ["members"])]);
  return (
    <MembersManager
      slug={slug}
      workspaceName={workspace.name}
      currentUserId={actor.userId}
      role={actor.role}
      canManage={canManageWorkspace(actor.role)}
      plan={workspace.plan}
      used={usage!.used}
      limit={usage!.limit}
      members={members}
      invitations={invitations}
      mail={mailMode()}
    />
  );
}
