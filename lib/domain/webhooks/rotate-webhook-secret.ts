import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getWebhookOrThrow } from "./get-webhook";
import { sealSecret } from "./secret-box";
import { newSigningSecret } from "./signing";
import { webhookView } from "./view";

/** How long the previous secret keeps signing beside the new one: time to deploy the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * A new signing secret, shown once. For a day both secrets sign every message, so a receiver
 * that still checks with the old one keeps accepting deliveries while the new one is deployed.
 * Rotating again within that day drops the oldest.
 */
export async function rotateWebhookSecret(actor: WorkspaceActor, id: string, now = new Date()) {
  authorize(actor, "webhooks.manage", "rotate webhook secrets");
  const secret = newSigningSecret();
  const endpoint = await actor.db.$transaction(async (tx) => {
    const current = await getWebhookOrThrow(tx, id);
    await tx.webhookEndpoint.updateMany({
      where: { id },
      data: {
        secretEncrypted: sealSecret(secret),
        previousSecretEncrypted: current.secretEncrypted,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      },
    });
    return getWebhookOrThrow(tx, id);
  });
  return { ...webhookView(endpoint, now), secret };
}
