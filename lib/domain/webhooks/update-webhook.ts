import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { assertAllowedTarget } from "./check-target";
import { getWebhookOrThrow } from "./get-webhook";
import { updateWebhookBody, type UpdateWebhookInput } from "./schemas";
import { webhookView } from "./view";

/**
 * Changes an endpoint's URL, description, subscriptions, or pauses and resumes it. Resuming also
 * clears what the server disabled it for, and starts its run of failures afresh. Its kind stays
 * (a chat URL and a signed receiver are not interchangeable): delete and add instead.
 */
export async function updateWebhook(actor: WorkspaceActor, id: string, input: UpdateWebhookInput) {
  authorize(actor, "webhooks.manage", "edit webhooks");
  const body = validate(updateWebhookBody, input, "The webhook is not valid.");
  if (body.url !== undefined) await assertAllowedTarget(body.url);
  return actor.db.$transaction(async (tx) => {
    await getWebhookOrThrow(tx, id);
    await tx.webhookEndpoint.updateMany({
      where: { id },
      data: {
        url: body.url,
        description: body.description,
        eventTypes: body.eventTypes,
        enabled: body.enabled,
        ...(body.enabled === true ? { disabledReason: null, failingSince: null } : {}),
        ...(body.enabled === false ? { disabledReason: null } : {}),
      },
    });
    return webhookView(await getWebhookOrThrow(tx, id));
  });
}
