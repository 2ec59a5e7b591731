import { z } from "zod";
import { changedPageQuery, pageQuery } from "@/lib/platform/core/pagination";
import { safeText } from "@/lib/platform/core/schemas";
import { webhookUrlProblem } from "./address-policy";
import { WEBHOOK_EVENT_TYPES } from "./event-types";

export const WEBHOOK_KINDS = ["standard", "slack", "discord"] as const;
export type WebhookKindName = (typeof WEBHOOK_KINDS)[number];

const MAX_URL_LENGTH = 2_000;

// The form of the URL is checked here (a 400 with a field message before anything else); where
// it resolves is checked by the domain when saving, since that needs DNS.
const url = z
  .string({ message: "url must be a string." })
  .trim()
  .max(MAX_URL_LENGTH, `url must be at most ${MAX_URL_LENGTH} characters.`)
  .superRefine((value, context) => {
    const problem = webhookUrlProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem, params: { code: "invalid_url" } });
  })
  .meta({ description: "Where events are POSTed: https, to a public address.", example: "https://example.com/hooks/workspace" });

const description = safeText({ max: 500, label: "description" });

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: `Each event type must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}.` }))
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)])
  .meta({ description: "The event types sent to this endpoint; an empty list means all of them." });

const kind = z.enum(WEBHOOK_KINDS, { message: `kind must be one of: ${WEBHOOK_KINDS.join(", ")}.` }).meta({
  description: "`standard`: signed Standard Webhooks JSON. `slack` / `discord`: a readable message for that chat's incoming-webhook URL.",
});

export const createWebhookBody = z
  .strictObject({
    url,
    description: description.default(""),
    kind: kind.default("standard"),
    eventTypes: eventTypes.default([]),
    enabled: z.boolean({ message: "enabled must be true or false." }).default(true),
  })
  .meta({ example: { url: "https://example.com/hooks/workspace", description: "CRM sync", eventTypes: ["post.created", "post.status_changed"] } });

export const updateWebhookBody = z
  .strictObject({
    url: url.optional(),
    description: description.optional(),
    eventTypes: eventTypes.optional(),
    enabled: z.boolean({ message: "enabled must be true or false." }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Send at least one of url, description, eventTypes, enabled." })
  .meta({ example: { enabled: false } });

export const listWebhooksQuery = z.strictObject({ ...changedPageQuery });
export const listDeliveriesQuery = z.strictObject({ ...pageQuery });

export type CreateWebhookBody = z.output<typeof createWebhookBody>;
export type CreateWebhookInput = z.input<typeof createWebhookBody>;
export type UpdateWebhookBody = z.output<typeof updateWebhookBody>;
export type UpdateWebhookInput = z.input<typeof updateWebhookBody>;
export type ListWebhooksQuery = z.output<typeof listWebhooksQuery>;
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuery>;
