import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MonitorDetail } from "@/components/monitors/monitor-detail";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { DomainError } from "@/lib/platform/core/errors";
import { roleCan } from "@/lib/domain/access/roles";
import { getMonitorOrThrow } from "@/lib/domain/monitors/get-monitor";
import { listOutages } from "@/lib/domain/monitors/list-outages";
import { monitorView } from "@/lib/domain/monitors/monitor-view";
import { getResponseTimes, listRecentFailures, RANGES, type Range } from "@/lib/domain/monitors/response-times";

export const metadata: Metadata = { title: "Monitor" };

type Props = { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One monitor: its state, its response times (`?range=24h|7d|90d`, in the URL) and its recent failures. */
export default async function MonitorPage({ params, searchParams }: Props) {
  const [{ slug, id }, search] = await Promise.all([params, searchParams]);
  const { actor } = await workspacePageActor(slug, `/status/monitors/${id}`);
  if (!roleCan(actor.role, "monitors.manage")) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-8 text-sm text-slate-700">
        Only admins and owners see monitors. <Link href={`/w/${slug}/status/monitors`} className="text-indigo-700 underline">Back to monitors</Link>
      </main>
    );
  }
  const range: Range = typeof search.range === "string" && search.range in RANGES ? (search.range as Range) : "24h";
  const monitor = await getMonitorOrThrow(actor.db, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const now = new Date();
  const [points, failures, outages] = await Promise.all([getResponseTimes(actor, id, range, now), listRecentFailures(actor, id), listOutages(actor, { monitorId: id, limit: 10 })]);
  return (
    <MonitorDetail
      slug={slug}
      monitor={monitorView(monitor)}
      range={range}
      window={{ from: now.getTime() - RANGES[range].ms, to: now.getTime() }}
      points={points}
      failures={failures.map((failure) => ({ ...failure, checkedAt: failure.checkedAt.toISOString() }))}
      outages={outages.map((outage) => ({ ...outage, startedAt: outage.startedAt.toISOString(), endedAt: outage.endedAt?.toISOString() ?? null }))}
    />
  );
}
