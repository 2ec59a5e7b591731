import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { rotateWebhookSecret } from "@/lib/domain/webhooks/rotate-webhook-secret";
import { webhookWithSecretSchema } from "@/lib/domain/webhooks/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "webhooks:write",
      schemas: { params: idParams },
      operation: {
        id: "rotateWebhookSecret",
        summary: "Rotate an endpoint's signing secret",
        description: "Answers the new secret, the only time it is shown. For 24 hours the previous secret still signs beside it: `webhook-signature` carries both signatures.",
        response: webhookWithSecretSchema,
        errors: ["NOT_FOUND"],
      },
    },
    async ({ params }, ctx) => ({ data: await rotateWebhookSecret(ctx, params.id) }),
  ),
});
