import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { authorize } from "@/lib/domain/access/actor";
import type { Action } from "@/lib/domain/access/roles";

const LOG_LIMIT = 200;

/**
 * Which notification mails went out about one incident, maintenance window, release note or post:
 * counts by outcome (sent, failed, suppressed, still queued) and the latest rows. Addresses are
 * personal data, so only those who manage that area see them.
 */
export async function getNotificationLog(actor: WorkspaceActor, subject: { type: "incident" | "maintenance" | "release_note" | "post"; id: string }) {
  const action: Action = subject.type === "release_note" ? "changelog.manage" : subject.type === "post" ? "posts.changeStatus" : "status.manage";
  authorize(actor, action, "see who was notified");
  const where = { subjectType: subject.type, subjectId: subject.id };
  const [groups, rows] = await Promise.all([
    actor.db.notificationDelivery.groupBy({ by: ["status"], where, _count: { _all: true } }),
    actor.db.notificationDelivery.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: LOG_LIMIT, select: { id: true, recipient: true, status: true, reason: true, createdAt: true, updatedAt: true } }),
  ]);
  const counts = { QUEUED: 0, SENT: 0, FAILED: 0, SUPPRESSED: 0 };
  for (const group of groups) counts[group.status] = group._count._all;
  return { counts, rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() })), limit: LOG_LIMIT };
}
