import type { ScopedDb } from "@/lib/platform/db/scoped";

/**
 * When the next scheduled note goes live: a public answer about the changelog is wrong from that
 * instant, so it is its `validUntil` (no cache serves a scheduled note early, or keeps it hidden
 * late). Null when nothing is scheduled.
 */
export async function nextPublication(db: ScopedDb, now: Date): Promise<Date | null> {
  const next = await db.releaseNote.findFirst({
    where: { status: "published", publishedAt: { gt: now } },
    orderBy: { publishedAt: "asc" },
    select: { publishedAt: true },
  });
  return next?.publishedAt ?? null;
}
