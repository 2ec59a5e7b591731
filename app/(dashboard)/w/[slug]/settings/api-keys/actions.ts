"use server";

import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { refreshAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { answerOutage, formFailureOf, SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";
import { createApiKey } from "@/lib/domain/keys/create-api-key";
import { revokeApiKey } from "@/lib/domain/keys/revoke-api-key";
import type { CreateApiKeyInput } from "@/lib/domain/keys/schemas";
import type { ApiKeyView } from "@/lib/domain/keys/view";
import { getWorkspaceActorOrThrow } from "@/lib/domain/access/actor";

// Each action re-reads the session and the caller's role (getWorkspaceActorOrThrow), and the
// domain function checks the role again: what the page showed proves nothing. Next.js refuses
// action requests whose Origin is not this host (e2e/settings-safety.spec.ts shows it), and
// guardAction refuses a request that carries an API key.

/**
 * The full key is in this answer and nowhere else: not in the URL, a cookie, or the page's server
 * render (the revalidated list carries only its hint). The browser keeps it in component state
 * until the dialog closes.
 */
export async function createApiKeyAction(slug: string, input: CreateApiKeyInput): Promise<FormResult<{ key: string; apiKey: ApiKeyView }>> {
  return answerOutage("createApiKeyAction", async (): Promise<FormResult<{ key: string; apiKey: ApiKeyView }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const created = await createApiKey(actor, input);
      refreshAfterChange({ pages: [`/w/${slug}/settings/api-keys`] });
      return { ok: true, data: created };
    } catch (error) {
      return formFailureOf(error, "createApiKeyAction");
    }
  });
}

export async function revokeApiKeyAction(slug: string, keyId: string): Promise<FormResult<{ apiKey: ApiKeyView }>> {
  return answerOutage("revokeApiKeyAction", async (): Promise<FormResult<{ apiKey: ApiKeyView }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const apiKey = await revokeApiKey(actor, String(keyId));
      refreshAfterChange({ pages: [`/w/${slug}/settings/api-keys`] });
      return { ok: true, data: { apiKey } };
    } catch (error) {
      return formFailureOf(error, "revokeApiKeyAction");
    }
  });
}
