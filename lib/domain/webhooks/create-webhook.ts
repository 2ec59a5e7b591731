import { validate } from "@/lib/platform/core/validate";
import type { WebhookKind } from "@/lib/generated/prisma/enums";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { assertAllowedTarget } from "./check-target";
import { createWebhookBody, type CreateWebhookInput } from "./schemas";
import { sealSecret } from "./secret-box";
import { newSigningSecret } from "./signing";
import { webhookView } from "./view";

/** A new endpoint within the plan's limit. Its signing secret is in this answer and nowhere else. */
export async function createWebhook(actor: WorkspaceActor, input: CreateWebhookInput) {
  authorize(actor, "webhooks.manage", "add webhooks");
  const body = validate(createWebhookBody, input, "The webhook is not valid.");
  await assertAllowedTarget(body.url);
  const secret = newSigningSecret();
  const endpoint = await createWithinPlanLimit(actor.db, "webhookEndpoints", (tx) =>
    tx.webhookEndpoint.create({
      data: {
        workspaceId: actor.workspaceId,
        kind: body.kind.toUpperCase() as WebhookKind,
        url: body.url,
        description: body.description,
        eventTypes: body.eventTypes,
        enabled: body.enabled,
        secretEncrypted: sealSecret(secret),
      },
    }),
  );
  return { ...webhookView(endpoint), secret };
}
