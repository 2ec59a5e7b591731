"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { DomainError } from "@/lib/platform/core/errors";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { isPortalLocale, PORTAL_LOCALE_HEADER, PORTAL_PREFIXED_HEADER } from "@/lib/platform/i18n/locales";
import { clientIp } from "@/lib/platform/server/client-ip";
import { findPublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";
import { confirmSubscription } from "@/lib/domain/subscriptions/confirm-subscription";
import { updateSubscriptionComponents } from "@/lib/domain/subscriptions/manage-subscription";
import { isTopic } from "@/lib/domain/subscriptions/rules";
import { subscribe } from "@/lib/domain/subscriptions/subscribe";
import { unsubscribe } from "@/lib/domain/subscriptions/unsubscribe";

// A visitor's subscription, without an account: subscribe (the status page's and the changelog's
// form), confirm (the button on the page a confirmation link opens), change components and
// unsubscribe (the manage page a mail links to). The token in the form is the only credential.

export type SubscribeResult = { ok: true } | { ok: false; reason: "invalid_email" | "rate_limited" | "not_found" | "unavailable" };

export async function subscribeAction(slug: string, topic: string, email: string, componentIds: string[]): Promise<SubscribeResult> {
  return serverAction(
    { context: "subscribeAction", caller: "anyone", refusals: "throw", unavailable: { ok: false, reason: "unavailable" } },
    async (): Promise<SubscribeResult> => {
      const workspace = typeof slug === "string" ? await findPublishedWorkspace(slug) : null;
      if (!workspace || !isTopic(topic)) return { ok: false, reason: "not_found" };
      const requestHeaders = await headers();
      const asked = requestHeaders.get(PORTAL_LOCALE_HEADER);
      const locale = requestHeaders.get(PORTAL_PREFIXED_HEADER) === "1" && isPortalLocale(asked) ? asked : workspace.languages.defaultLocale;
      try {
        await subscribe({ workspace, topic, email, componentIds: Array.isArray(componentIds) ? componentIds : [], locale, ip: clientIp(requestHeaders) });
        return { ok: true };
      } catch (error) {
        if (error instanceof DomainError && error.code === "VALIDATION_ERROR") return { ok: false, reason: "invalid_email" };
        if (error instanceof DomainError && error.code === "RATE_LIMITED") return { ok: false, reason: "rate_limited" };
        throw error;
      }
    },
  );
}

async function workspaceOf(formData: FormData) {
  const slug = String(formData.get("workspace") ?? "");
  const workspace = await findPublishedWorkspace(slug);
  return { slug, workspace, token: String(formData.get("token") ?? "") };
}

// The buttons of the confirm and manage pages answer by redirecting, so an outage goes on to the error page.
const tokenForm = (context: string) => ({ context, caller: "anyone" as const, refusals: "throw" as const, unavailable: "throw" as const });

export async function confirmAction(formData: FormData): Promise<void> {
  return serverAction(tokenForm("confirmAction"), async () => {
    const { slug, workspace, token } = await workspaceOf(formData);
    const outcome = workspace ? await confirmSubscription(workspace.id, token) : { status: "invalid" as const };
    if (outcome.status === "confirmed") redirect(`/p/${encodeURIComponent(slug)}/subscriptions/manage?token=${outcome.manageToken}&confirmed=1`);
    redirect(`/p/${encodeURIComponent(slug)}/subscriptions/confirm?result=${outcome.status}${"topic" in outcome ? `&topic=${outcome.topic}` : ""}`);
  });
}

export async function saveComponentsAction(formData: FormData): Promise<void> {
  return serverAction(tokenForm("saveComponentsAction"), async () => {
    const { slug, workspace, token } = await workspaceOf(formData);
    const ids = formData.getAll("component").map(String);
    const saved = workspace ? await updateSubscriptionComponents(workspace.id, token, ids) : false;
    redirect(`/p/${encodeURIComponent(slug)}/subscriptions/manage?token=${encodeURIComponent(token)}${saved ? "&saved=1" : ""}`);
  });
}

export async function unsubscribeAction(formData: FormData): Promise<void> {
  return serverAction(tokenForm("unsubscribeAction"), async () => {
    const { slug, workspace, token } = await workspaceOf(formData);
    if (workspace) await unsubscribe(workspace.id, token);
    const topic = String(formData.get("topic") ?? "");
    redirect(`/p/${encodeURIComponent(slug)}/subscriptions/manage?unsubscribed=1${isTopic(topic) ? `&topic=${topic}` : ""}`);
  });
}
