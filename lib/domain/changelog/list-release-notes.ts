import type { Audience } from "@/lib/platform/core/audience";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { changedSince, keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import type { PageOnlyQuery } from "@/lib/platform/core/pagination";
import { releaseNotesVisibleTo } from "@/lib/domain/access/visibility";
import { nextPublication } from "./next-publication";
import type { ListReleaseNotesQuery } from "./schemas";
import { publicReleaseNoteView, releaseNoteView, WITH_POST_IDS } from "./view";

// Published and scheduled notes all carry a date: newest publication first, the next scheduled
// at the top. Drafts have none, so lists that include them go by creation, newest first.
const NEWEST_PUBLISHED: SortSpec = { name: "published", field: "publishedAt", direction: "desc", kind: "date" };
const NEWEST_CREATED: SortSpec = { name: "created", field: "createdAt", direction: "desc", kind: "date" };

/** Notes as the API shows them, in the state asked for as far as the audience may see it. */
export async function listReleaseNotes(db: ScopedDb, audience: Audience, query: ListReleaseNotesQuery, now = new Date()) {
  const sort = query.state === "published" || query.state === "scheduled" ? NEWEST_PUBLISHED : NEWEST_CREATED;
  const page = keysetArgs(sort, query.cursor, query.limit);
  const rows = await db.releaseNote.findMany({
    where: { AND: [releaseNotesVisibleTo(audience, now, query.state), changedSince(query.updatedSince), page.where] },
    orderBy: page.orderBy,
    take: page.take,
    include: WITH_POST_IDS,
  });
  return toPage(rows, sort, query.limit, (row) => releaseNoteView(row, now));
}

/**
 * Notes in the portal's view, newest first: for the public drafts never appear, a scheduled note
 * from its `publishedAt` on. `validUntil` is the next scheduled note's moment, when this answer
 * stops being true.
 */
export async function listPublicReleaseNotes(db: ScopedDb, audience: Audience, query: PageOnlyQuery, now = new Date()) {
  const page = keysetArgs(NEWEST_PUBLISHED, query.cursor, query.limit);
  const [rows, validUntil] = await Promise.all([
    db.releaseNote.findMany({
      where: { AND: [releaseNotesVisibleTo(audience, now), page.where] },
      orderBy: page.orderBy,
      take: page.take,
      select: { id: true, title: true, body: true, publishedAt: true },
    }),
    nextPublication(db, now),
  ]);
  return { ...toPage(rows, NEWEST_PUBLISHED, query.limit, publicReleaseNoteView), validUntil };
}
