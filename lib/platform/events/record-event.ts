import { transactionSql, type ScopedTx } from "@/lib/platform/db/scoped";
import { Prisma } from "@/lib/generated/prisma/client";
import type { EventType } from "./catalogue";
import { prepareEventSql, recordEventCtes } from "./record-event-sql";
import type { EventContext, StoredEvent } from "./types";

export type { StoredEvent } from "./types";

type EventTx = ScopedTx | Prisma.TransactionClient;

export interface NewEvent {
  workspaceId: string;
  type: EventType;
  data: object;
  previous?: object;
  /** What its consumers need beyond the resource (who, a note); kept on the event, never in a webhook. */
  context?: EventContext;
}

// A view may hold Dates or undefined fields; the row keeps exactly what JSON would.
function asJsonb(value: object): Prisma.Sql {
  return Prisma.sql`${JSON.stringify(value)}::jsonb`;
}

interface EventRow {
  id: string;
  workspaceId: string;
  type: string;
  createdAt: Date;
  data: Prisma.JsonValue;
  previous: Prisma.JsonValue | null;
  context: Prisma.JsonValue | null;
}

/**
 * Records that `type` happened, inside `tx`, the transaction of the change: the event row, its
 * consumers' jobs and its webhook deliveries commit with the change or not at all, in one
 * statement (lib/platform/events/record-event-sql.ts). Call it after the change's own writes, with the
 * resource as the API shows it.
 */
export async function recordEvent(tx: EventTx, event: NewEvent): Promise<StoredEvent> {
  const sql = transactionSql(tx);
  await prepareEventSql(sql);
  const statement = Prisma.sql`WITH change AS (SELECT 1)${recordEventCtes(
    "change",
    event.workspaceId,
    event.type,
    asJsonb(event.data),
    event.previous ? asJsonb(event.previous) : undefined,
    event.context ? asJsonb(event.context) : undefined,
  )}
    SELECT id, "workspaceId", type, "createdAt", data, previous, context FROM recorded_event`;
  const { rows } = await sql.executeSql(statement.text, statement.values);
  return storedEvent(rows[0] as EventRow);
}

export function storedEvent(row: EventRow): StoredEvent {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    type: row.type as EventType,
    createdAt: row.createdAt.toISOString(),
    data: row.data as Record<string, unknown>,
    ...(row.previous !== null ? { previous: row.previous as Record<string, unknown> } : {}),
    ...(row.context !== null ? { context: row.context as EventContext } : {}),
  };
}
