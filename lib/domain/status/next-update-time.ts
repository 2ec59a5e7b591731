import type { ScopedTx } from "@/lib/platform/db/scoped";

/**
 * The time for an incident's next update: now, or a millisecond after its latest update if that is
 * not earlier. Timelines are read in time order, and two updates in one millisecond would otherwise
 * fall back to id order, which says nothing about which came first.
 */
export async function nextUpdateTime(tx: ScopedTx, incidentId: string): Promise<Date> {
  const latest = await tx.incidentUpdate.findFirst({
    where: { incidentId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { createdAt: true },
  });
  return new Date(Math.max(Date.now(), (latest?.createdAt.getTime() ?? 0) + 1));
}
