import type { ScopedDb } from "@/lib/db/scoped";
import { keysetArgs, toPage, type SortSpec } from "@/lib/api/pagination";
import { PUBLISHED } from "./published";
import type { ListReleaseNotesQuery } from "./schemas";
import { releaseNoteView } from "./view";

const NEWEST_PUBLISHED: SortSpec = { name: "published", field: "publishedAt", direction: "desc", kind: "date" };

export async function listPublishedReleaseNotes(db: ScopedDb, query: ListReleaseNotesQuery) {
  const page = keysetArgs(NEWEST_PUBLISHED, query.cursor, query.limit);
  const rows = await db.releaseNote.findMany({
    where: { AND: [PUBLISHED, page.where] },
    orderBy: page.orderBy,
    take: page.take,
  });
  return toPage(rows, NEWEST_PUBLISHED, query.limit, releaseNoteView);
}
