import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { attemptDelivery, type AttemptOptions, type ScheduleAttempt } from "./attempt-delivery";

/** The job of one attempt of one delivery. */
export const DELIVER_WEBHOOK_JOB = "webhooks.deliver";

/**
 * Attempts running at once in one worker: a receiver that hangs for its full 15 s holds one of
 * these, never the others' deliveries.
 */
export const DELIVERY_CONCURRENCY = 16;

// The delivery's own schedule decides retries (a new job per attempt, with its start time); the
// queue's retries only cover a worker that died or a database that failed mid-attempt.
export const DELIVERY_JOB_RETRY_LIMIT = 3;

export const scheduleAttempt: ScheduleAttempt = async (tx, deliveryId, startAfter) => {
  await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { deliveryId }, { startAfter, retryLimit: DELIVERY_JOB_RETRY_LIMIT });
};

export async function deliverWebhookJob(data: { deliveryId: string }, options: AttemptOptions = {}): Promise<void> {
  await attemptDelivery(String(data.deliveryId), scheduleAttempt, options);
}
