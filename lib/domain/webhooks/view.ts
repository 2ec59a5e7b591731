import { z } from "zod";
import { countField, idField, timestampField } from "@/lib/platform/core/fields";
import type { WebhookDelivery, WebhookEndpoint } from "@/lib/generated/prisma/client";
import { WEBHOOK_KINDS, type WebhookKindName } from "./schemas";

const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export function webhookView(endpoint: WebhookEndpoint, now = new Date()) {
  const rotating = endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? endpoint.previousSecretExpiresAt : null;
  return {
    id: endpoint.id,
    kind: endpoint.kind.toLowerCase() as WebhookKindName,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    previousSecretExpiresAt: rotating ? rotating.toISOString() : null,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export type WebhookView = ReturnType<typeof webhookView>;

export const webhookSchema = z
  .strictObject({
    id: idField,
    kind: z.enum(WEBHOOK_KINDS),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()).meta({ description: "Subscribed event types; empty means all." }),
    enabled: z.boolean().meta({ description: "False while paused by a person or disabled by the server (then `disabledReason` says why)." }),
    disabledReason: z.string().nullable(),
    previousSecretExpiresAt: timestampField.nullable().meta({ description: "After a rotation: until when the previous secret still signs beside the new one." }),
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "Webhook" });

export const webhookWithSecretSchema = webhookSchema
  .extend({ secret: z.string().meta({ description: "The signing secret (`whsec_…`). Shown only in this answer.", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }) })
  .meta({ id: "WebhookWithSecret" });

export function deliveryView(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status.toLowerCase() as (typeof DELIVERY_STATUSES)[number],
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    lastStatusCode: delivery.lastStatusCode,
    durationMs: delivery.durationMs,
    responseExcerpt: delivery.responseExcerpt,
    error: delivery.error,
    createdAt: delivery.createdAt.toISOString(),
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

export const deliverySchema = z
  .strictObject({
    id: idField.meta({ description: "Also the `webhook-id` header of every attempt." }),
    endpointId: idField,
    eventId: idField,
    eventType: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: countField,
    nextAttemptAt: timestampField.nullable(),
    lastAttemptAt: timestampField.nullable(),
    lastStatusCode: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    responseExcerpt: z.string().nullable().meta({ description: "The first 4 KiB of the latest answer." }),
    error: z.string().nullable(),
    createdAt: timestampField,
  })
  .meta({ id: "WebhookDelivery" });
