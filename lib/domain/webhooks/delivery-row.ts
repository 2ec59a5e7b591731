import type { Prisma, WebhookKind } from "@/lib/generated/prisma/client";

// A delivery as one attempt needs it: its own row with its endpoint's, workspace's and event's columns.
// The pump's claim returns it straight from the statement that takes the lease; a delivery
// attempted by id (a queued job, a test) loads it with the same columns.

// The stored form of the event (the keys of storedPayload in lib/domain/webhooks/attempt-delivery.ts):
// `previous` only where the event has one, the time as JavaScript's toISOString writes it.
const EVENT_PAYLOAD = `CASE WHEN ev.id IS NOT NULL THEN jsonb_build_object(
    'id', ev.id, 'type', ev.type,
    'timestamp', to_char(ev."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', ev.data
  ) || CASE WHEN ev.previous IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('previous', ev.previous) END END`;

/**
 * The columns of a delivery row, over `d` (the delivery) joined by DELIVERY_ROW_JOINS. A delivery
 * without a payload of its own takes its event's row (null if that row is gone: the attempt then
 * fails as one whose body cannot be built).
 */
export const DELIVERY_ROW_COLUMNS = `d.id, d."workspaceId", d."eventType", COALESCE(d.payload, ${EVENT_PAYLOAD}) AS payload, d.status::text AS status, d.attempts,
  e.id AS "endpointId", e.kind::text AS kind, e.url, e.enabled, e."disabledReason", e."secretEncrypted",
  e."previousSecretEncrypted", e."previousSecretExpiresAt", w.slug, w.name`;

/** Joins the endpoint (`e`), the workspace (`w`) and, for a delivery without a payload, the event (`ev`) to `d`. */
export const DELIVERY_ROW_JOINS = `JOIN "WebhookEndpoint" e ON e.id = d."endpointId"
  JOIN "Workspace" w ON w.id = d."workspaceId"
  LEFT JOIN "Event" ev ON d.payload IS NULL AND ev.id = d."eventId"`;

export interface DeliveryRow {
  id: string;
  workspaceId: string;
  eventType: string;
  payload: Prisma.JsonValue;
  status: string;
  attempts: number;
  endpointId: string;
  kind: WebhookKind;
  url: string;
  enabled: boolean;
  disabledReason: string | null;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | string | null;
  slug: string;
  name: string;
}

export type LoadedDelivery = ReturnType<typeof deliveryOf>;

export function deliveryOf(row: DeliveryRow) {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    eventType: row.eventType,
    payload: row.payload,
    status: row.status,
    attempts: Number(row.attempts),
    workspace: { slug: row.slug, name: row.name },
    endpoint: {
      id: row.endpointId,
      kind: row.kind,
      url: row.url,
      enabled: row.enabled,
      disabledReason: row.disabledReason,
      secretEncrypted: row.secretEncrypted,
      previousSecretEncrypted: row.previousSecretEncrypted,
      previousSecretExpiresAt: row.previousSecretExpiresAt === null ? null : new Date(row.previousSecretExpiresAt),
    },
  };
}
