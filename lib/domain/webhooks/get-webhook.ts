import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { webhookView } from "./view";

export async function getWebhookOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id } });
  if (!endpoint) throw new DomainError("NOT_FOUND", "Webhook endpoint not found. It may have been deleted in another tab.");
  return endpoint;
}

export async function getWebhook(actor: WorkspaceActor, id: string) {
  authorize(actor, "webhooks.manage", "see webhooks");
  return webhookView(await getWebhookOrThrow(actor.db, id));
}
