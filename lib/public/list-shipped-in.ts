import { publishedBy } from "@/lib/changelog/published";
import type { ScopedDb } from "@/lib/db/scoped";

/** The live release notes that ship a post ("Shipped in …" on its portal page), newest first. */
export async function listShippedIn(db: ScopedDb, postId: string, now = new Date()) {
  const notes = await db.releaseNote.findMany({
    where: { AND: [publishedBy(now), { posts: { some: { postId } } }] },
    orderBy: [{ publishedAt: "desc" }, { id: "asc" }],
    take: 5,
    select: { id: true, title: true },
  });
  return notes;
}
