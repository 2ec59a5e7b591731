import type { Audience } from "@/lib/platform/core/audience";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { releaseNotesVisibleTo } from "@/lib/domain/access/visibility";

/** The live release notes that ship a post ("Shipped in …" on its portal page), newest first. */
export async function listShippedIn(db: ScopedDb, audience: Audience, postId: string, now = new Date()) {
  const notes = await db.releaseNote.findMany({
    where: { AND: [releaseNotesVisibleTo(audience, now), { posts: { some: { postId } } }] },
    orderBy: [{ publishedAt: "desc" }, { id: "asc" }],
    take: 5,
    select: { id: true, title: true },
  });
  return notes;
}
