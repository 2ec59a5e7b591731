import { keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getWebhookOrThrow } from "./get-webhook";
import type { ListDeliveriesQuery } from "./schemas";
import { deliveryView } from "./view";

const DELIVERY_SORT: SortSpec = { name: "newest", field: "createdAt", direction: "desc", kind: "date" };

/** An endpoint's delivery log, newest first. */
export async function listWebhookDeliveries(actor: WorkspaceActor, endpointId: string, query: ListDeliveriesQuery) {
  authorize(actor, "webhooks.manage", "see webhook deliveries");
  await getWebhookOrThrow(actor.db, endpointId);
  const page = keysetArgs(DELIVERY_SORT, query.cursor, query.limit);
  const rows = await actor.db.webhookDelivery.findMany({ where: { AND: [{ endpointId }, page.where] }, orderBy: page.orderBy, take: page.take });
  return toPage(rows, DELIVERY_SORT, query.limit, deliveryView);
}
