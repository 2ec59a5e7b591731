import Link from "next/link";
import { ImpactLabel } from "@/components/portal/status-visuals";
import { LocalTime } from "@/components/ui/local-time";
import { Badge } from "@/components/ui/badge";
import type { DashboardIncident } from "@/lib/domain/status/get-status-dashboard";
import { INCIDENT_STATUS_LABELS } from "./status-labels";

/** Incidents as rows that lead to their timeline. */
export function IncidentRows({ slug, incidents, testId }: { slug: string; incidents: DashboardIncident[]; testId: string }) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid={testId}>
      {incidents.map((incident) => (
        <li key={incident.id}>
          <Link href={`/w/${slug}/status/incidents/${incident.id}`} className="block px-4 py-3 hover:bg-slate-50 sm:px-5" data-testid="incident-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{incident.title}</span>
              <Badge tone={incident.resolvedAt ? "green" : "amber"}>{INCIDENT_STATUS_LABELS[incident.status]}</Badge>
              <ImpactLabel impact={incident.impact} />
            </div>
            {incident.latestUpdate ? <p className="mt-1 line-clamp-2 text-sm text-slate-700">{incident.latestUpdate.message}</p> : null}
            <p className="mt-1 text-xs text-slate-500">
              {incident.components.length ? `${incident.components.map((component) => component.name).join(", ")} · ` : ""}
              {incident.resolvedAt ? "resolved" : "opened"} <LocalTime value={incident.resolvedAt ?? incident.createdAt} />
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
