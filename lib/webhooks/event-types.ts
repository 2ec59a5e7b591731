// The event types an endpoint can subscribe to. They name what the event log records; the
// payload's `data` is the resource as the REST API returns it.
export const WEBHOOK_EVENT_TYPES = [
  "post.created",
  "post.updated",
  "post.status_changed",
  "post.deleted",
  "comment.created",
  "release_note.published",
  "incident.created",
  "incident.updated",
  "incident.resolved",
  "status_component.status_changed",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by "Send test event" only; no endpoint subscribes to it, every endpoint can receive it. */
export const TEST_EVENT_TYPE = "webhook.test";

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** Whether an endpoint subscribed to `types` (empty: all) receives an event of `type`. */
export function endpointWants(types: readonly string[], type: string): boolean {
  return types.length === 0 || types.includes(type);
}
