import type { Metadata } from "next";
import { listAllBoards } from "@/lib/domain/boards/list-all-boards";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { getPlanUsage } from "@/lib/domain/plans/get-plan-usage";
import { planLimitMessage } from "@/lib/domain/plans/limits";
import { roleCan } from "@/lib/domain/access/roles";
import { BoardsManager } from "@/components/boards/boards-manager";

export const metadata: Metadata = { title: "Boards" };

export default async function BoardsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await workspacePageActor(slug, "/boards");
  const [boards, [usage]] = await Promise.all([listAllBoards(actor.db), getPlanUsage(actor.db, workspace.plan, ["boards"])]);
  const atLimit = usage!.limit !== null && usage!.used >= usage!.limit;
  return (
    <BoardsManager
      slug={slug}
      boards={boards}
      canManage={roleCan(actor.role, "boards.manage")}
      role={actor.role}
      portalPublished={workspace.portalPublished}
      plan={workspace.plan}
      used={usage!.used}
      limit={usage!.limit}
      limitMessage={atLimit ? planLimitMessage(workspace.plan, "boards") : null}
    />
  );
}
