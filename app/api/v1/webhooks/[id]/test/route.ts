import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { deliverySchema } from "@/lib/domain/webhooks/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "webhooks:write",
      schemas: { params: idParams },
      status: 202,
      operation: {
        id: "sendWebhookTest",
        summary: "Send a test event to an endpoint",
        description: "Queues a `webhook.test` delivery (also to a paused endpoint) and answers it at once; its outcome shows in the endpoint's deliveries.",
        response: deliverySchema,
        errors: ["NOT_FOUND"],
      },
    },
    async ({ params }, ctx) => ({ data: await sendTestEvent(ctx, params.id) }),
  ),
});
