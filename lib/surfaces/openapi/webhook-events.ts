import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { timestampField } from "@/lib/platform/core/fields";
import { releaseNoteSchema } from "@/lib/domain/changelog/view";
import { postSchema } from "@/lib/domain/posts/view";
import { componentSchema } from "@/lib/domain/status/component-view";
import { incidentSchema } from "@/lib/domain/status/incident-view";
import { EVENT_CATALOGUE, isEventType } from "@/lib/platform/events/catalogue";
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks/event-types";

// The document's top-level `webhooks` section: what an endpoint receives for each event type, so
// the reference page shows the payloads beside the endpoints that manage the subscriptions.

const DATA_SCHEMAS: Record<string, z.ZodType> = {
  post: postSchema,
  release_note: releaseNoteSchema,
  incident: incidentSchema,
  status_component: componentSchema,
};

const SIGNATURE_HEADERS = [
  { name: "webhook-id", description: "The delivery's id: the same on every retry of this message." },
  { name: "webhook-timestamp", description: "Unix seconds of this attempt." },
  { name: "webhook-signature", description: "`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the endpoint's secret; two space-separated during the 24 hours after a rotation." },
];

function eventOperation(type: string) {
  const resource = type.split(".")[0]!;
  const data = DATA_SCHEMAS[resource] ?? z.record(z.string(), z.unknown()).meta({ description: "The resource as the REST API returns it." });
  return {
    post: {
      operationId: `webhook_${type.replace(".", "_")}`,
      summary: type,
      description: `${isEventType(type) ? `${EVENT_CATALOGUE[type]} ` : ""}Sent to endpoints subscribed to \`${type}\` (or to all events). Standard Webhooks headers; answer 2xx within 15 s.`,
      tags: ["Webhooks"],
      security: [],
      parameters: SIGNATURE_HEADERS.map((header) => ({ name: header.name, in: "header" as const, required: true, description: header.description, schema: { type: "string" as const } })),
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: z.strictObject({ type: z.literal(type), timestamp: timestampField, data }).meta({ description: `The ${type} event.` }),
          },
        },
      },
      responses: {
        "200": { description: "Any 2xx: delivered. 410 turns the endpoint off; anything else is retried." },
      },
    },
  };
}

export function webhookEvents(): ZodOpenApiPathsObject {
  return Object.fromEntries([...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE].map((type) => [type, eventOperation(type)]));
}
