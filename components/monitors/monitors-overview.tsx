"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { useToast } from "@/components/ui/toast";
import type { MonitorView } from "@/lib/domain/monitors/monitor-view";
import { publishOutageAction } from "@/lib/surfaces/actions/dashboard/monitors";
import { MonitorForm } from "./monitor-form";
import { INTERVAL_LABELS, STATE_LABELS, targetOf } from "./monitor-labels";

export interface OutageItem {
  id: string;
  monitorId: string;
  monitorName: string;
  startedAt: string;
  endedAt: string | null;
  reason: string;
  incidentId: string | null;
}

interface Props {
  slug: string;
  canManage: boolean;
  canPublish: boolean;
  monitors: MonitorView[];
  outages: OutageItem[];
  components: { id: string; name: string }[];
}

/** The monitors of a workspace: drafts waiting to be published, the monitors, and a form to add one. */
export function MonitorsOverview({ slug, canManage, canPublish, monitors, outages, components }: Props) {
  const router = useRouter();
  const toast = useToast();
  const [publishing, setPublishing] = useState<string | null>(null);
  const drafts = outages.filter((outage) => !outage.incidentId && !outage.endedAt);
  const componentName = new Map(components.map((component) => [component.id, component.name]));

  async function publish(id: string) {
    setPublishing(id);
    try {
      const result = await publishOutageAction(slug, id);
      if (result.ok) {
        toast.success(`“${result.data.title}” is published; subscribers are being told.`);
        router.push(`/w/${slug}/status/incidents/${result.data.id}`);
      } else toast.error(Object.values(result.fieldErrors)[0] ?? "Could not publish it.");
    } finally {
      setPublishing(null);
    }
  }

  return (
    <main className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <header className="space-y-1">
        <p className="text-sm">
          <Link href={`/w/${slug}/status`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
            Status
          </Link>
        </p>
        <h1 className="text-2xl font-semibold text-slate-900">Monitors</h1>
        <p className="text-sm text-slate-600">Checks that watch your components and change the status page when they fail.</p>
      </header>

      <section aria-labelledby="drafts-heading" className="space-y-3">
        <h2 id="drafts-heading" className="font-medium text-slate-900">
          Draft incidents
        </h2>
        {drafts.length ? (
          <ul className="space-y-3" data-testid="draft-incidents">
            {drafts.map((draft) => (
              <li key={draft.id} className="flex flex-col gap-3 rounded-xl border border-red-200 bg-white px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-900">{draft.monitorName} is failing</p>
                  <p className="text-sm break-words text-slate-600">
                    Since <LocalTime value={draft.startedAt} />: {draft.reason}
                  </p>
                  <p className="text-xs text-slate-500">Not on the status page as an incident yet; the component already shows the outage.</p>
                </div>
                {canPublish ? (
                  <Button onClick={() => publish(draft.id)} disabled={publishing !== null} data-testid="publish-draft">
                    {publishing === draft.id ? "Publishing…" : "Publish incident"}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-600">No draft incidents.</p>
        )}
      </section>

      {canManage ? (
        <section aria-labelledby="monitors-heading" className="space-y-3">
          <h2 id="monitors-heading" className="font-medium text-slate-900">
            Monitors
          </h2>
          {monitors.length ? (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="monitor-list">
              {monitors.map((monitor) => {
                const state = STATE_LABELS[monitor.state]!;
                return (
                  <li key={monitor.id} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <Link href={`/w/${slug}/status/monitors/${monitor.id}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
                        {monitor.name}
                      </Link>
                      <p className="truncate text-sm text-slate-600">
                        {componentName.get(monitor.componentId) ?? "—"} · {monitor.kind.toUpperCase()} {targetOf(monitor)} · every {INTERVAL_LABELS[monitor.intervalSeconds] ?? `${monitor.intervalSeconds} s`}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      {monitor.paused ? <Badge>Paused</Badge> : null}
                      <Badge tone={state.tone}>{state.label}</Badge>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-600">No monitors yet. Add one below.</p>
          )}
        </section>
      ) : (
        <Alert tone="info">Only admins and owners see and change monitors; members publish their draft incidents.</Alert>
      )}

      {canManage ? (
        components.length ? (
          <MonitorForm
            slug={slug}
            components={components}
            onCreated={(monitor) => {
              toast.success(`“${monitor.name}” is added; its first check runs within ${INTERVAL_LABELS[monitor.intervalSeconds]}.`);
              router.refresh();
            }}
          />
        ) : (
          <Alert tone="info">Add a status component first: a monitor watches one.</Alert>
        )
      ) : null}
    </main>
  );
}
