import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { attemptDelivery, type AttemptOptions, type ScheduleAttempt } from "./attempt-delivery";
import { DELIVER_WEBHOOK_JOB, DELIVERY_JOB_RETRY_LIMIT } from "./delivery-job";

export { DELIVER_WEBHOOK_JOB, DELIVERY_JOB_RETRY_LIMIT } from "./delivery-job";

/**
 * Attempts running at once in one worker. A receiver that hangs for its full 15 s holds at most
 * MAX_IN_FLIGHT_PER_ENDPOINT of these (lib/webhooks/endpoint-gate.ts), never the others' deliveries.
 */
export const DELIVERY_CONCURRENCY = 32;

export const scheduleAttempt: ScheduleAttempt = async (tx, deliveryId, startAfter) => {
  await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { deliveryId }, { startAfter, retryLimit: DELIVERY_JOB_RETRY_LIMIT });
};

export async function deliverWebhookJob(data: { deliveryId: string }, options: AttemptOptions = {}): Promise<void> {
  await attemptDelivery(String(data.deliveryId), scheduleAttempt, options);
}
