import { db } from "@/lib/platform/db/client";

/** The mail job's outcome on the notification it carries (lib/platform/mail/send-mail.ts calls it). */
export async function markNotification(id: string, outcome: { sent: true } | { sent: false; reason: string }): Promise<void> {
  await db.notificationDelivery.updateMany({
    where: { id },
    data: outcome.sent ? { status: "SENT", reason: null } : { status: "FAILED", reason: outcome.reason.slice(0, 500) },
  });
}
