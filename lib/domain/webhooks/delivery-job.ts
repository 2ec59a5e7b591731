/**
 * The job of one attempt of one delivery, from before deliveries were claimed from their own rows
 * (lib/domain/webhooks/delivery-pump.ts). No new ones are queued; the worker still runs those left in
 * the queue by an upgrade, through the same lease as the pump.
 */
export const DELIVER_WEBHOOK_JOB = "webhooks.deliver";
