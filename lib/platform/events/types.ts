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
  /** What the change's consumers need beyond the resource, never sent in a webhook. */
  context?: EventContext;
}

/** Who made the change and what they said about it (a status change's note to the voters). */
export interface EventContext {
  actorId?: string | null;
  note?: string | null;
}

/**
 * Something that acts on events of the `types` it names, defined beside its feature and listed in
 * the worker's composition root (lib/surfaces/worker/handlers.ts). Each runs as its own job per
 * event (retried on its own; one failing never holds another back), at least once: a consumer
 * that must not act twice keys on `event.id`.
 */
export interface EventConsumer {
  name: string;
  types: readonly EventType[];
  handle(event: StoredEvent): Promise<void>;
}
