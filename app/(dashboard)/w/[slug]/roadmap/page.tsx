import type { Metadata } from "next";
import { RoadmapBoard } from "@/components/roadmap/roadmap-board";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { getRoadmapBoard } from "@/lib/domain/roadmap/get-roadmap-board";
import { roleCan } from "@/lib/domain/access/roles";

export const metadata: Metadata = { title: "Roadmap" };

export default async function RoadmapPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await workspacePageActor(slug, "/roadmap");
  const board = await getRoadmapBoard(actor.db);
  return (
    <RoadmapBoard
      slug={slug}
      board={board}
      portalPublished={workspace.portalPublished}
      can={{ manage: roleCan(actor.role, "roadmap.manage"), link: roleCan(actor.role, "posts.linkRoadmap"), changeStatus: roleCan(actor.role, "posts.changeStatus") }}
    />
  );
}
