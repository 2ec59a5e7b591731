import type { FormResult } from "@/lib/platform/forms/forms";
import type { CreateWebhookInput, UpdateWebhookInput } from "@/lib/domain/webhooks/schemas";
import type { DeliveryView, WebhookView } from "@/lib/domain/webhooks/view";

type WithSecret = WebhookView & { secret: string };

/** The webhook pages' server actions, handed down by the pages (components never import them). */
export interface WebhookActions {
  createWebhook: (slug: string, input: CreateWebhookInput) => Promise<FormResult<WithSecret>>;
  updateWebhook: (slug: string, id: string, input: UpdateWebhookInput) => Promise<FormResult<WebhookView>>;
  deleteWebhook: (slug: string, id: string) => Promise<FormResult<{ id: string }>>;
  rotateSecret: (slug: string, id: string) => Promise<FormResult<WithSecret>>;
  sendTestEvent: (slug: string, id: string) => Promise<FormResult<DeliveryView>>;
}

export interface DeliveryActions {
  resendDelivery: (slug: string, deliveryId: string) => Promise<FormResult<DeliveryView>>;
}
