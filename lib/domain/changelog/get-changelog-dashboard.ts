import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { NOTE_STATES, noteState, stateWhere, type NoteState } from "@/lib/domain/access/published-release-notes";
import type { NoteStateFilter } from "./schemas";

const LIST_CAP = 200;

export type DashboardNote = { id: string; title: string; state: NoteState; publishedAt: string | null; updatedAt: string; postCount: number };

/**
 * The changelog page: notes in one state (or all), the next to go live first, then newest; with
 * how many there are in each state for the filter tabs. States are computed now, from the clock.
 */
export async function getChangelogDashboard(db: ScopedDb, state: NoteStateFilter, now = new Date()) {
  const [rows, ...counts] = await Promise.all([
    db.releaseNote.findMany({
      where: stateWhere(state, now),
      orderBy: [{ publishedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }, { id: "asc" }],
      take: LIST_CAP,
      select: { id: true, title: true, status: true, publishedAt: true, updatedAt: true },
    }),
    ...NOTE_STATES.map((each) => db.releaseNote.count({ where: stateWhere(each, now) })),
  ]);
  // Linked posts counted by the listed notes' ids: a relation count would group every link of the
  // table first.
  const links = rows.length ? await db.releaseNotePost.groupBy({ by: ["releaseNoteId"], where: { releaseNoteId: { in: rows.map((row) => row.id) } }, _count: { _all: true } }) : [];
  const linked = new Map(links.map((group) => [group.releaseNoteId, group._count._all]));
  const notes: DashboardNote[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    state: noteState(row, now),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    postCount: linked.get(row.id) ?? 0,
  }));
  const countByState = Object.fromEntries(NOTE_STATES.map((each, index) => [each, counts[index]!])) as Record<NoteState, number>;
  return { notes, counts: { ...countByState, all: counts.reduce((sum, n) => sum + n, 0) } };
}

export type EditorNote = {
  id: string;
  title: string;
  body: string;
  state: NoteState;
  publishedAt: string | null;
  version: number;
  posts: { id: string; title: string; status: PostStatus }[];
};

/** One note as the editor opens it, with the posts it ships; null if it does not exist. */
export async function getEditorNote(db: ScopedDb, id: string, now = new Date()): Promise<EditorNote | null> {
  const note = await db.releaseNote.findFirst({
    where: { id },
    include: { posts: { where: { workspaceId: db.workspaceId }, select: { post: { select: { id: true, title: true, status: true } } }, orderBy: { postId: "asc" } } },
  });
  if (!note) return null;
  return {
    id: note.id,
    title: note.title,
    body: note.body,
    state: noteState(note, now),
    publishedAt: note.publishedAt?.toISOString() ?? null,
    version: note.version,
    posts: note.posts.map((link) => link.post),
  };
}
