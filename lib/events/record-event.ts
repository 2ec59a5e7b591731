import type { ScopedTx } from "@/lib/db/scoped";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import type { EventType } from "./catalogue";
import type { StoredEvent } from "./types";

export type { StoredEvent } from "./types";

export const DISPATCH_EVENT_JOB = "events.dispatch";

type EventTx = ScopedTx | Prisma.TransactionClient;

export interface NewEvent {
  workspaceId: string;
  type: EventType;
  data: object;
  previous?: object;
}

// A view may hold Dates or undefined fields; the row keeps exactly what JSON would.
function asJson(value: object): Prisma.InputJsonObject {
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonObject;
}

/**
 * Records that `type` happened, inside `tx`, the transaction of the change: the event row and the
 * job that hands it to its consumers (lib/events/consumers.ts) commit with the change or not at
 * all. Call it after the change's own writes, with the resource as the API shows it.
 */
export async function recordEvent(tx: EventTx, event: NewEvent): Promise<StoredEvent> {
  const row = await (tx as ScopedTx).event.create({
    data: {
      workspaceId: event.workspaceId,
      type: event.type,
      data: asJson(event.data),
      ...(event.previous ? { previous: asJson(event.previous) } : {}),
    },
  });
  await enqueueJob(tx, DISPATCH_EVENT_JOB, { eventId: row.id });
  return storedEvent(row);
}

export function storedEvent(row: {
  id: string;
  workspaceId: string;
  type: string;
  createdAt: Date;
  data: Prisma.JsonValue;
  previous: Prisma.JsonValue | null;
}): StoredEvent {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    type: row.type as EventType,
    createdAt: row.createdAt.toISOString(),
    data: row.data as Record<string, unknown>,
    ...(row.previous !== null ? { previous: row.previous as Record<string, unknown> } : {}),
  };
}
