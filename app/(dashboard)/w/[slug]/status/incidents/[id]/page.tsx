import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ComponentStatusLabel, ImpactLabel } from "@/components/portal/status-visuals";
import { NotificationLog } from "@/components/subscriptions/notification-log";
import { LocalTime } from "@/components/ui/local-time";
import { IncidentUpdateForm } from "@/components/status/incident-update-form";
import { INCIDENT_STATUS_LABELS } from "@/components/status/status-labels";
import { Badge } from "@/components/ui/badge";
import { DomainError } from "@/lib/platform/core/errors";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { roleCan } from "@/lib/domain/access/roles";
import { getIncidentDetail } from "@/lib/domain/status/get-incident";
import { getStatusDashboard } from "@/lib/domain/status/get-status-dashboard";
import { getNotificationLog } from "@/lib/domain/subscriptions/notification-log";

type Props = { params: Promise<{ slug: string; id: string }> };

export const metadata: Metadata = { title: "Incident" };

export default async function IncidentPage({ params }: Props) {
  const { slug, id } = await params;
  const { actor } = await workspacePageActor(slug, `/status/incidents/${id}`);
  const [incident, dashboard] = await Promise.all([
    getIncidentDetail(actor.db, actor.workspaceId, id).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === "NOT_FOUND") notFound();
      throw error;
    }),
    getStatusDashboard(actor.db),
  ]);
  const canManage = roleCan(actor.role, "status.manage");
  const log = canManage ? await getNotificationLog(actor, { type: "incident", id: incident.id }) : null;
  const resolved = incident.status === "resolved";

  return (
    <main className="space-y-6">
      <Link href={`/w/${slug}/status`} className="text-sm text-slate-600 hover:text-slate-900">
        <span aria-hidden="true">←</span> Status
      </Link>
      <div>
        <h1 dir="auto" className="text-2xl font-semibold tracking-tight" data-testid="incident-title">
          {incident.title}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={resolved ? "green" : "amber"}>
            <span data-testid="incident-status">{INCIDENT_STATUS_LABELS[incident.status]}</span>
          </Badge>
          <ImpactLabel impact={incident.impact} />
          <span>
            opened <LocalTime value={incident.createdAt} />
          </span>
          {incident.resolvedAt ? (
            <span>
              · resolved <LocalTime value={incident.resolvedAt} />
            </span>
          ) : null}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          {canManage && !resolved ? (
            <IncidentUpdateForm
              key={incident.updates.length}
              slug={slug}
              incident={{ id: incident.id, status: incident.status, impact: incident.impact, componentIds: incident.componentIds }}
              components={dashboard.components.map(({ id: componentId, name, storedStatus }) => ({ id: componentId, name, status: storedStatus }))}
            />
          ) : null}
          {resolved ? <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">This incident is resolved; it takes no further updates.</p> : null}

          <section aria-labelledby="timeline-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id="timeline-heading" className="font-medium text-slate-900">
              Timeline
            </h2>
            <ol className="mt-4 space-y-5 border-l-2 border-slate-200 pl-4" data-testid="incident-timeline">
              {[...incident.updates].reverse().map((update) => (
                <li key={update.id} className="relative" data-testid="incident-update">
                  <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-slate-400 ring-4 ring-white" />
                  <p className="text-sm">
                    <strong className="font-semibold text-slate-900">{INCIDENT_STATUS_LABELS[update.status]}</strong>
                    <span className="text-slate-500"> · {update.impact} impact</span>
                  </p>
                  <p dir="auto" className="mt-1 text-sm whitespace-pre-line text-slate-800">{update.message}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    <LocalTime value={update.createdAt} />
                  </p>
                </li>
              ))}
            </ol>
          </section>
          {log ? <NotificationLog log={log} /> : null}
        </div>

        <aside aria-labelledby="affected-heading" className="h-fit rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="affected-heading" className="font-medium text-slate-900">
            Affected components
          </h2>
          {incident.components.length ? (
            <ul className="mt-3 space-y-2">
              {incident.components.map((component) => (
                <li key={component.id} className="flex items-center justify-between gap-2 text-sm" data-testid="affected-component">
                  <span dir="auto" className="text-slate-900">{component.name}</span>
                  <ComponentStatusLabel status={component.status} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">None: this incident concerns the service as a whole.</p>
          )}
        </aside>
      </div>
    </main>
  );
}
