"use server";

import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { deleteWebhook } from "@/lib/domain/webhooks/delete-webhook";
import { resendDelivery } from "@/lib/domain/webhooks/resend-delivery";
import { rotateWebhookSecret } from "@/lib/domain/webhooks/rotate-webhook-secret";
import type { CreateWebhookInput, UpdateWebhookInput } from "@/lib/domain/webhooks/schemas";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { updateWebhook } from "@/lib/domain/webhooks/update-webhook";

// Each action re-reads the session and the caller's role; the domain function checks the role
// again. A secret is in the answer of create and rotate only, never in the page's render.

const stale = (slug: string) => ({ layouts: [`/w/${slug}/settings/webhooks`] });

export async function createWebhookAction(slug: string, input: CreateWebhookInput) {
  return runWorkspaceAction(slug, "createWebhookAction", (actor) => createWebhook(actor, input), stale(String(slug)));
}

export async function updateWebhookAction(slug: string, id: string, input: UpdateWebhookInput) {
  return runWorkspaceAction(slug, "updateWebhookAction", (actor) => updateWebhook(actor, String(id), input), stale(String(slug)));
}

export async function deleteWebhookAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "deleteWebhookAction", (actor) => deleteWebhook(actor, String(id)), stale(String(slug)));
}

export async function rotateWebhookSecretAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "rotateWebhookSecretAction", (actor) => rotateWebhookSecret(actor, String(id)), stale(String(slug)));
}

export async function sendTestEventAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "sendTestEventAction", (actor) => sendTestEvent(actor, String(id)), stale(String(slug)));
}

export async function resendDeliveryAction(slug: string, deliveryId: string) {
  return runWorkspaceAction(slug, "resendDeliveryAction", (actor) => resendDelivery(actor, String(deliveryId)), stale(String(slug)));
}
