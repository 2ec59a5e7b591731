import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { listWebhooks } from "@/lib/domain/webhooks/list-webhooks";
import { createWebhookBody, listWebhooksQuery } from "@/lib/domain/webhooks/schemas";
import { webhookSchema, webhookWithSecretSchema } from "@/lib/domain/webhooks/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "webhooks:read",
      schemas: { query: listWebhooksQuery },
      operation: { id: "listWebhooks", summary: "List webhook endpoints", description: "Oldest first. Secrets are never listed.", response: webhookSchema, paginated: true },
    },
    ({ query }, ctx) => listWebhooks(ctx, query),
  ),
  POST: defineRoute(
    {
      scope: "webhooks:write",
      schemas: { body: createWebhookBody },
      status: 201,
      operation: {
        id: "createWebhook",
        summary: "Add a webhook endpoint",
        description:
          "The URL must be https and resolve only to public addresses (a private, loopback, link-local or metadata address is a 400 on `url`). The answer carries the signing secret, the only time it is shown.",
        response: webhookWithSecretSchema,
        errors: ["PLAN_LIMIT"],
      },
    },
    async ({ body }, ctx) => ({ data: await createWebhook(ctx, body) }),
  ),
});
