import { publishDue } from "@/lib/domain/changelog/publication-event";
import { consumeEvent, dispatchEvent } from "@/lib/platform/events/dispatch";
import { sendQueuedMail } from "@/lib/platform/mail/send-mail";
import { maintenanceBoundary } from "@/lib/domain/status/maintenance-events";
import { FORGET_UNCONFIRMED_JOB, forgetUnconfirmed } from "@/lib/domain/subscriptions/forget-unconfirmed";
import { fanOutToSubscribers, type FanOutJob } from "@/lib/domain/subscriptions/notify-subscribers";
import { DELIVER_WEBHOOK_JOB } from "@/lib/domain/webhooks/delivery-job";
import { DELIVERY_CONCURRENCY, deliverQueuedJob } from "@/lib/domain/webhooks/delivery-pump";
import type { JobHandlers } from "@/lib/platform/jobs/types";
import { EVENT_CONSUMERS } from "./consumers";

// Every job the worker runs, by name: the one table. A name here is the queue's name and what
// enqueueJob(tx, name, data) takes; keep names explicit strings so they can be searched for.
export const JOB_HANDLERS: JobHandlers = {
  "events.dispatch": (data: { eventId: string }) => dispatchEvent(data),
  "events.consume": (data: { eventId: string; consumer: string }) => consumeEvent(data, EVENT_CONSUMERS),
  "changelog.publish_due": (data: { workspaceId: string; noteId: string; publishedAt: string }) => publishDue(data),
  "mail.send": (data: Parameters<typeof sendQueuedMail>[0]) => sendQueuedMail(data),
  "status.maintenance_boundary": (data: Parameters<typeof maintenanceBoundary>[0]) => maintenanceBoundary(data),
  // Webhook attempts are claimed from their deliveries by the worker's delivery pump; this only
  // drains the jobs an upgrade found still queued.
  [DELIVER_WEBHOOK_JOB]: (data: { deliveryId: string }) => deliverQueuedJob(data),
  "subscribers.fan_out": (data: FanOutJob) => fanOutToSubscribers(data),
  [FORGET_UNCONFIRMED_JOB]: async (data: { subscriberId: string }) => void (await forgetUnconfirmed(data)),
};

// Jobs of a name that may run at once in one worker (1 when not listed): a queue whose jobs wait
// on the network (a webhook receiver) must not let one slow job hold up the rest.
// The event jobs are short database work, several at once so a burst of writes reaches its
// consumers without a queue forming behind one job at a time.
export const JOB_CONCURRENCY: Readonly<Record<string, number>> = {
  "events.dispatch": 4,
  "events.consume": 4,
  [DELIVER_WEBHOOK_JOB]: DELIVERY_CONCURRENCY,
};
