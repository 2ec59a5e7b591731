import type { NotificationKind } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db/client";
import { renderMail } from "@/lib/platform/mail/render";
import { sendMailJob } from "@/lib/platform/mail/send-mail";
import type { MailContent } from "@/lib/platform/mail/types";

/** One person an event concerns: their mail, or why they get none. */
export interface NotificationRecipient {
  recipient: string;
  /** The mail to send; absent with `suppressed`. */
  content?: MailContent;
  /** Why this person gets no mail (their choice, an unsubscribe, the workspace's setting). */
  suppressed?: string;
}

export interface NotificationBatch {
  workspaceId: string;
  kind: NotificationKind;
  subjectType: "post" | "incident" | "maintenance" | "release_note" | "monitor";
  subjectId: string;
  eventId: string;
  recipients: readonly NotificationRecipient[];
  /** Mails per second for this batch's sends (spread by each job's start time); unset: all at once. */
  ratePerSecond?: number;
}

/** MAIL_RATE_PER_SECOND: how fast a large batch goes out; unset or invalid, 20 per second. */
export function mailRatePerSecond(): number {
  const rate = Number(process.env.MAIL_RATE_PER_SECOND);
  return Number.isFinite(rate) && rate > 0 ? rate : 20;
}

/**
 * Records one NotificationDelivery per recipient and, for each that is not suppressed, its mail as a
 * `mail.send` job, in one transaction: a row and its job exist together or not at all. A recipient
 * already recorded for this event (the consumer ran twice) is skipped, so no one is mailed twice.
 * Returns the number of mails queued.
 */
export async function queueNotifications(batch: NotificationBatch, now = new Date()): Promise<number> {
  if (batch.recipients.length === 0) return 0;
  const seen = new Set<string>();
  const recipients = batch.recipients
    .map((r) => ({ ...r, recipient: r.recipient.trim().toLowerCase() }))
    .filter((r) => (seen.has(r.recipient) ? false : (seen.add(r.recipient), true)));
  return db.$transaction(
    async (tx) => {
      const created = await tx.notificationDelivery.createManyAndReturn({
        data: recipients.map((r) => ({
          workspaceId: batch.workspaceId,
          kind: batch.kind,
          subjectType: batch.subjectType,
          subjectId: batch.subjectId,
          eventId: batch.eventId,
          recipient: r.recipient,
          status: r.content && !r.suppressed ? "QUEUED" : "SUPPRESSED",
          reason: r.suppressed ?? (r.content ? null : "nothing to send"),
        })),
        skipDuplicates: true,
        select: { id: true, recipient: true, status: true },
      });
      const byRecipient = new Map(recipients.map((r) => [r.recipient, r]));
      let queued = 0;
      for (const row of created) {
        const content = byRecipient.get(row.recipient)?.content;
        if (row.status !== "QUEUED" || !content) continue;
        const startAfter = batch.ratePerSecond ? new Date(now.getTime() + Math.floor((queued * 1000) / batch.ratePerSecond)) : undefined;
        await sendMailJob.queue(tx, { message: renderMail(row.recipient, content), notificationId: row.id }, { startAfter });
        queued += 1;
      }
      return queued;
    },
    { timeout: 120_000 },
  );
}
