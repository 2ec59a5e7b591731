import type { Metadata } from "next";
import Link from "next/link";
import { PlanMeter } from "@/components/settings/plan-meter";
import { StatusOverview } from "@/components/status/status-overview";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { getPlanAllowance } from "@/lib/domain/plans/get-plan-allowance";
import { roleCan } from "@/lib/domain/access/roles";
import { getStatusDashboard } from "@/lib/domain/status/get-status-dashboard";

export const metadata: Metadata = { title: "Status" };

export default async function StatusPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await workspacePageActor(slug, "/status");
  const [dashboard, allowance] = await Promise.all([getStatusDashboard(actor.db), getPlanAllowance(actor.db, workspace.plan, "statusComponents")]);
  return (
    <>
      {/* Members reach the monitors' page too: they publish the drafts. */}
      {roleCan(actor.role, "monitors.publishIncident") ? (
        <p className="mb-4 flex justify-end gap-4 text-sm">
          <Link href={`/w/${slug}/status/monitors`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-600" data-testid="status-monitors-link">
            Monitors
          </Link>
          {roleCan(actor.role, "status.manage") ? (
            <Link href={`/w/${slug}/status/subscribers`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-600" data-testid="status-subscribers-link">
              Subscribers
            </Link>
          ) : null}
        </p>
      ) : null}
      <StatusOverview
      slug={slug}
      role={actor.role}
      canManage={roleCan(actor.role, "status.manage")}
      portalPublished={workspace.portalPublished}
      dashboard={dashboard}
      componentLimitMessage={allowance.limitMessage}
      usage={<PlanMeter used={allowance.used} limit={allowance.limit} plan={workspace.plan} label="components" testId="component-usage" />}
      />
    </>
  );
}
