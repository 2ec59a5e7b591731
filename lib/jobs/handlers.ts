import { DELIVER_WEBHOOK_JOB, DELIVERY_CONCURRENCY, deliverWebhookJob } from "@/lib/webhooks/queue-delivery";
import type { JobHandlers } from "./types";

// Every job the worker runs, by name: the one table. A name here is the queue's name and what
// enqueueJob(tx, name, data) takes; keep names explicit strings so they can be searched for.
export const JOB_HANDLERS: JobHandlers = {
  [DELIVER_WEBHOOK_JOB]: (data: { deliveryId: string }) => deliverWebhookJob(data),
};

// Jobs of a name that may run at once in one worker (1 when not listed): a queue whose jobs wait
// on the network (a webhook receiver) must not let one slow job hold up the rest.
export const JOB_CONCURRENCY: Readonly<Record<string, number>> = {
  [DELIVER_WEBHOOK_JOB]: DELIVERY_CONCURRENCY,
};
