import { nextPublication } from "@/lib/domain/changelog/next-publication";
import { scopedDb } from "@/lib/platform/db/scoped";
import { getMaintenanceSchedule } from "@/lib/domain/status/maintenance-schedule";
import { findPublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";

/**
 * The next moment a published portal's pages change on their own, with no write: a scheduled note
 * going live, a maintenance window starting or ending. Null when none is ahead; undefined when the
 * slug names no published portal (nothing of it is worth keeping).
 */
export async function nextPortalBoundary(slug: string, now = new Date()): Promise<Date | null | undefined> {
  const workspace = await findPublishedWorkspace(slug);
  if (!workspace) return undefined;
  const scoped = scopedDb(workspace.id);
  const [publication, schedule] = await Promise.all([nextPublication(scoped, now), getMaintenanceSchedule(scoped, workspace.id, now)]);
  const times = [publication, schedule.validUntil].filter((time): time is Date => time !== null).map((time) => time.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}
