import type { ScopedDb } from "@/lib/platform/db/scoped";
import { withBoardPostCounts } from "@/lib/domain/boards/count-posts-by";
import { boardView } from "./view";

/**
 * Every board of the workspace with its post count, oldest first: the dashboard's boards page,
 * its filters and pickers. Boards are made one by one by admins (three on the Free plan), so the
 * list is short; the cap only keeps a pathological workspace from rendering without end.
 */
export const BOARDS_LIST_CAP = 500;

export async function listAllBoards(db: ScopedDb) {
  const rows = await db.board.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: BOARDS_LIST_CAP });
  return (await withBoardPostCounts(db, rows)).map(boardView);
}
export type DashboardBoard = Awaited<ReturnType<typeof listAllBoards>>[number];

/**
 * The same boards without their post counts, for pickers and filters (the posts inbox): counting
 * a board's posts reads every one of them (~250 ms for a million), which a picker never shows.
 */
export async function listBoardChoices(db: ScopedDb) {
  return db.board.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: BOARDS_LIST_CAP, select: { id: true, slug: true, name: true, archivedAt: true } });
}
export type BoardChoice = Awaited<ReturnType<typeof listBoardChoices>>[number];
