import type { EventType } from "./catalogue";

/** The job that hands one event to one consumer (lib/platform/events/dispatch.ts runs it). */
export const CONSUME_EVENT_JOB = "events.consume";

/** What the status page's subscribers are mailed about. */
export const STATUS_SUBSCRIBER_EVENTS = [
  "incident.created",
  "incident.updated",
  "incident.resolved",
  "maintenance.scheduled",
  "maintenance.started",
  "maintenance.completed",
  "maintenance.cancelled",
] as const satisfies readonly EventType[];

/** What the changelog's subscribers are mailed about. */
export const CHANGELOG_SUBSCRIBER_EVENTS = ["release_note.published"] as const satisfies readonly EventType[];

/** What a post's people (author, voters, commenters) may be mailed about. */
export const POST_NOTIFICATION_EVENTS = ["post.status_changed", "comment.created"] as const satisfies readonly EventType[];

// Which consumers (lib/surfaces/worker/consumers.ts, by name) get a job for an event, by its type. A
// consumer gets only the types it acts on: an event costs no job for a consumer that would look
// at it and return, which under a burst of writes is most of the queue's work. Webhook deliveries
// are not routed here: the statement that records an event writes them itself
// (lib/platform/events/webhook-fan-out-sql.ts), so a delivery needs no job before its own.
const ROUTES: Readonly<Record<string, "every" | readonly EventType[]>> = {
  "cache.refresh": "every",
  "notifications.post": POST_NOTIFICATION_EVENTS,
  "subscriber-notifications": [...STATUS_SUBSCRIBER_EVENTS, ...CHANGELOG_SUBSCRIBER_EVENTS],
  webhooks: [],
};

export const ROUTED_CONSUMERS = Object.keys(ROUTES);

/** The consumers an event of `type` is handed to, each as its own job. */
export function consumersOf(type: string): string[] {
  return ROUTED_CONSUMERS.filter((name) => {
    const types = ROUTES[name]!;
    return types === "every" || (types as readonly string[]).includes(type);
  });
}
