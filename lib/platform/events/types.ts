import type { EventType } from "./catalogue";

/** An event as its consumers receive it (plain JSON: what a webhook sends is built from it). */
export interface StoredEvent {
  id: string;
  workspaceId: string;
  type: EventType;
  /** ISO 8601, when the change committed its transaction (the time it was recorded). */
  createdAt: string;
  /** The resource in the shape the REST API returns it. */
  data: Record<string, unknown>;
  /** Before the change, where that means something (updates, status changes). */
  previous?: Record<string, unknown>;
}

/**
 * Something that acts on every event: webhooks, cache refresh. Each consumer runs as its own job
 * per event (retried on its own; one failing never holds another back), at least once: a consumer
 * that must not act twice keys on `event.id`.
 */
export interface EventConsumer {
  name: string;
  handle(event: StoredEvent): Promise<void>;
}
