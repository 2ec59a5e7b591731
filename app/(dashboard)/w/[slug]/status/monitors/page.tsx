import type { Metadata } from "next";
import { MonitorsOverview } from "@/components/monitors/monitors-overview";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { roleCan } from "@/lib/domain/access/roles";
import { listOutages } from "@/lib/domain/monitors/list-outages";
import { listMonitors } from "@/lib/domain/monitors/list-monitors";

export const metadata: Metadata = { title: "Monitors" };

export default async function MonitorsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor } = await workspacePageActor(slug, "/status/monitors");
  const canManage = roleCan(actor.role, "monitors.manage");
  const [monitors, outages, components] = await Promise.all([
    canManage ? listMonitors(actor, { limit: 100 }) : null,
    listOutages(actor, { limit: 20 }),
    actor.db.statusComponent.findMany({ orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, name: true } }),
  ]);
  return (
    <MonitorsOverview
      slug={slug}
      canManage={canManage}
      canPublish={roleCan(actor.role, "monitors.publishIncident")}
      monitors={monitors?.data ?? []}
      outages={outages.map((outage) => ({ ...outage, startedAt: outage.startedAt.toISOString(), endedAt: outage.endedAt?.toISOString() ?? null }))}
      components={components}
    />
  );
}
