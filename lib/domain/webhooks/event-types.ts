import { EVENT_TYPES, type EventType } from "@/lib/platform/events/catalogue";

// The event types an endpoint can subscribe to: every event the log records (one catalogue, so a
// new event type is deliverable the day it is recorded). The payload's `data` is the resource as
// the REST API returns it.
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES as [EventType, ...EventType[]];

export type WebhookEventType = EventType;

/** Sent by "Send test event" only; no endpoint subscribes to it, every endpoint can receive it. */
export const TEST_EVENT_TYPE = "webhook.test";

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** Whether an endpoint subscribed to `types` (empty: all) receives an event of `type`. */
export function endpointWants(types: readonly string[], type: string): boolean {
  return types.length === 0 || types.includes(type);
}
