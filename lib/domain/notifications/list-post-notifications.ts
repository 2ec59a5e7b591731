import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

export const POST_NOTIFICATIONS_SHOWN = 100;

/** The latest notification mails about one post (sent, failed, suppressed with the reason), for admins. */
export async function listPostNotifications(actor: WorkspaceActor, postId: string) {
  authorize(actor, "notifications.read", "see the notifications sent about a post");
  const [rows, total] = await Promise.all([
    actor.db.notificationDelivery.findMany({
      where: { subjectType: "post", subjectId: postId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: POST_NOTIFICATIONS_SHOWN,
      select: { id: true, kind: true, recipient: true, status: true, reason: true, createdAt: true },
    }),
    actor.db.notificationDelivery.count({ where: { subjectType: "post", subjectId: postId } }),
  ]);
  return { rows, total };
}
