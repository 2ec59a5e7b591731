import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getWebhookOrThrow } from "./get-webhook";

/** Deletes an endpoint with its delivery log; a delivery in flight finds it gone and ends quietly. */
export async function deleteWebhook(actor: WorkspaceActor, id: string) {
  authorize(actor, "webhooks.manage", "delete webhooks");
  await actor.db.$transaction(async (tx) => {
    await getWebhookOrThrow(tx, id);
    await tx.webhookEndpoint.deleteMany({ where: { id } });
  });
  return { id };
}
