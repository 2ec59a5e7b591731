"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { useToast } from "@/components/ui/toast";
import type { MonitorView } from "@/lib/domain/monitors/monitor-view";
import { deleteMonitorAction, updateMonitorAction } from "@/lib/surfaces/actions/dashboard/monitors";
import { INTERVAL_LABELS, STATE_LABELS, targetOf } from "./monitor-labels";
import type { OutageItem } from "./monitors-overview";
import { ResponseTimeChart, type ChartPoint } from "./response-time-chart";

const RANGE_LABELS = { "24h": "24 hours", "7d": "7 days", "90d": "90 days" } as const;

interface Props {
  slug: string;
  monitor: MonitorView;
  range: keyof typeof RANGE_LABELS;
  /** The range's start and end, epoch ms. */
  window: { from: number; to: number };
  points: (ChartPoint & { checks: number })[];
  failures: { checkedAt: string; place: string; error: string | null; statusCode: number | null }[];
  outages: OutageItem[];
}

export function MonitorDetail({ slug, monitor, range, window: span, points, failures, outages }: Props) {
  const router = useRouter();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const state = STATE_LABELS[monitor.state]!;
  const checks = points.reduce((sum, point) => sum + point.checks, 0);
  const failed = points.reduce((sum, point) => sum + point.failures, 0);

  async function togglePause() {
    const result = await updateMonitorAction(slug, monitor.id, { paused: !monitor.paused });
    if (result.ok) router.refresh();
    else toast.error(Object.values(result.fieldErrors)[0] ?? "Could not change it.");
  }

  return (
    <main className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <p className="text-sm">
          <Link href={`/w/${slug}/status/monitors`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
            Monitors
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold break-words text-slate-900">{monitor.name}</h1>
          <Badge tone={state.tone}>{state.label}</Badge>
          {monitor.paused ? <Badge>Paused</Badge> : null}
        </div>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-600">
          {monitor.kind.toUpperCase()} · {targetOf(monitor)} · every {INTERVAL_LABELS[monitor.intervalSeconds] ?? `${monitor.intervalSeconds} s`} · down after {monitor.failuresToDown} failed{" "}
          {monitor.failuresToDown === 1 ? "check" : "checks in a row"} · {monitor.incidentMode === "draft" ? "draft incidents" : "incidents published at once"}
        </p>
        {monitor.lastError ? <p className="text-sm break-words text-red-700">Last failure: {monitor.lastError}</p> : null}
        {monitor.certificateExpiresAt ? (
          <p className="text-sm text-slate-600">
            Certificate valid until <LocalTime value={monitor.certificateExpiresAt} date />
          </p>
        ) : null}
        {monitor.heartbeatUrl ? (
          <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
            <p className="text-slate-700">Call this address (GET or POST) at least every {INTERVAL_LABELS[monitor.intervalSeconds]}:</p>
            <code className="mt-1 block break-all text-slate-900" data-testid="heartbeat-url">
              {monitor.heartbeatUrl}
            </code>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button variant="secondary" onClick={togglePause}>
            {monitor.paused ? "Resume checks" : "Pause checks"}
          </Button>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete monitor
          </Button>
        </div>
      </header>

      <section aria-labelledby="response-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="response-heading" className="font-medium text-slate-900">
            Response time
          </h2>
          <nav aria-label="Time range" className="flex gap-1 text-sm">
            {(Object.keys(RANGE_LABELS) as (keyof typeof RANGE_LABELS)[]).map((key) => (
              <Link
                key={key}
                href={`/w/${slug}/status/monitors/${monitor.id}?range=${key}`}
                aria-current={key === range ? "page" : undefined}
                className={`rounded-md px-3 py-1 ${key === range ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {RANGE_LABELS[key]}
              </Link>
            ))}
          </nav>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white px-3 py-4">
          {points.length ? (
            <ResponseTimeChart points={points} from={span.from} to={span.to} label={`Response time over the last ${RANGE_LABELS[range]}: p50 and p95 per interval, ${checks} checks, ${failed} failed.`} />
          ) : (
            <p className="px-2 text-sm text-slate-600">No checks in this range yet.</p>
          )}
          <p className="px-2 pt-2 text-xs text-slate-600">
            p50 (indigo) and p95 (amber) of the passing checks; red marks where checks failed. {checks} checks, {failed} failed.
          </p>
        </div>
      </section>

      <section aria-labelledby="failures-heading" className="space-y-3">
        <h2 id="failures-heading" className="font-medium text-slate-900">
          Recent failures
        </h2>
        {failures.length ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm" data-testid="recent-failures">
            {failures.map((failure) => (
              <li key={`${failure.checkedAt}-${failure.place}`} className="flex flex-col gap-1 px-5 py-2 sm:flex-row sm:gap-4">
                <span className="shrink-0 text-slate-600">
                  <LocalTime value={failure.checkedAt} />
                </span>
                <span className="shrink-0 text-slate-500">{failure.place === "app" ? "this server" : failure.place}</span>
                <span className="break-words text-slate-900">{failure.error ?? (failure.statusCode ? `Answered ${failure.statusCode}.` : "Failed.")}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-600">No failed checks in the last 7 days.</p>
        )}
      </section>

      {outages.length ? (
        <section aria-labelledby="outages-heading" className="space-y-3">
          <h2 id="outages-heading" className="font-medium text-slate-900">
            Outages
          </h2>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
            {outages.map((outage) => (
              <li key={outage.id} className="px-5 py-2 text-slate-700">
                <LocalTime value={outage.startedAt} /> – {outage.endedAt ? <LocalTime value={outage.endedAt} /> : "ongoing"}: {outage.reason}{" "}
                {outage.incidentId ? (
                  <Link href={`/w/${slug}/status/incidents/${outage.incidentId}`} className="text-indigo-700 underline underline-offset-2">
                    incident
                  </Link>
                ) : (
                  <span className="text-slate-500">(not published)</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ConfirmDialog
        open={deleting}
        title="Delete this monitor?"
        confirmLabel="Delete monitor"
        pendingLabel="Deleting…"
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          const result = await deleteMonitorAction(slug, monitor.id);
          if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "Could not delete it.";
          router.push(`/w/${slug}/status/monitors`);
          return null;
        }}
      >
        Its checks stop and its results are deleted. The component keeps its current status.
      </ConfirmDialog>
    </main>
  );
}
