import type { ScopedDb } from "@/lib/db/scoped";
import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import { stateWhere } from "./published";
import type { ListReleaseNotesQuery } from "./schemas";
import { releaseNoteView, WITH_POST_IDS } from "./view";

// Published and scheduled notes all carry a date: newest publication first, the next scheduled
// at the top. Drafts have none, so lists that include them go by creation, newest first.
const NEWEST_PUBLISHED: SortSpec = { name: "published", field: "publishedAt", direction: "desc", kind: "date" };
const NEWEST_CREATED: SortSpec = { name: "created", field: "createdAt", direction: "desc", kind: "date" };

export async function listReleaseNotes(db: ScopedDb, query: ListReleaseNotesQuery, now = new Date()) {
  const sort = query.state === "published" || query.state === "scheduled" ? NEWEST_PUBLISHED : NEWEST_CREATED;
  const page = keysetArgs(sort, query.cursor, query.limit);
  const rows = await db.releaseNote.findMany({
    where: { AND: [stateWhere(query.state, now), page.where] },
    orderBy: page.orderBy,
    take: page.take,
    include: WITH_POST_IDS,
  });
  return toPage(rows, sort, query.limit, (row) => releaseNoteView(row, now));
}
