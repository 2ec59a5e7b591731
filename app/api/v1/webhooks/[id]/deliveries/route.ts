import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { listWebhookDeliveries } from "@/lib/domain/webhooks/list-webhook-deliveries";
import { listDeliveriesQuery } from "@/lib/domain/webhooks/schemas";
import { deliverySchema } from "@/lib/domain/webhooks/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "webhooks:read",
      schemas: { params: idParams, query: listDeliveriesQuery },
      operation: { id: "listWebhookDeliveries", summary: "List an endpoint's deliveries", description: "Newest first: each event sent, its attempts and the latest answer.", response: deliverySchema, paginated: true, errors: ["NOT_FOUND"] },
    },
    ({ params, query }, ctx) => listWebhookDeliveries(ctx, params.id, query),
  ),
});
