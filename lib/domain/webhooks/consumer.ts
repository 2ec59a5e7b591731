import { fanOutEvent } from "./fan-out";

/** An event as the event log stores it and hands it to each consumer. */
export interface ConsumedEvent {
  id: string;
  workspaceId: string;
  type: string;
  createdAt: Date | string;
  data: unknown;
  previous?: unknown;
}

/** The event log's webhook consumer: one delivery per subscribed endpoint, due at once. */
export const webhookConsumer = {
  name: "webhooks",
  async handle(event: ConsumedEvent): Promise<void> {
    await fanOutEvent({ ...event, createdAt: new Date(event.createdAt) });
  },
};
