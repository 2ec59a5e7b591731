import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { deleteWebhook } from "@/lib/domain/webhooks/delete-webhook";
import { getWebhook } from "@/lib/domain/webhooks/get-webhook";
import { updateWebhookBody } from "@/lib/domain/webhooks/schemas";
import { updateWebhook } from "@/lib/domain/webhooks/update-webhook";
import { webhookSchema } from "@/lib/domain/webhooks/view";
import { z } from "zod";

const currentWebhook = ({ params }: { params: { id: string } }, ctx: ApiContext) => getWebhook(ctx, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "webhooks:read",
      schemas: { params: idParams },
      operation: { id: "getWebhook", summary: "Get a webhook endpoint", response: webhookSchema, errors: ["NOT_FOUND"] },
    },
    async (input, ctx) => ({ data: await currentWebhook(input, ctx) }),
  ),
  PATCH: defineRoute(
    {
      scope: "webhooks:write",
      schemas: { params: idParams, body: updateWebhookBody },
      operation: {
        id: "updateWebhook",
        summary: "Change, pause or resume a webhook endpoint",
        description: "`enabled: false` pauses it; `enabled: true` resumes it, also after the server turned it off (`disabledReason`).",
        response: webhookSchema,
        errors: ["NOT_FOUND"],
      },
      current: currentWebhook,
    },
    async ({ params, body }, ctx) => ({ data: await updateWebhook(ctx, params.id, body) }),
  ),
  DELETE: defineRoute(
    {
      scope: "webhooks:write",
      schemas: { params: idParams },
      operation: { id: "deleteWebhook", summary: "Delete a webhook endpoint and its delivery log", response: z.strictObject({ id: z.string() }).meta({ id: "DeletedWebhook" }), errors: ["NOT_FOUND"] },
      current: currentWebhook,
    },
    async ({ params }, ctx) => ({ data: await deleteWebhook(ctx, params.id) }),
  ),
});
