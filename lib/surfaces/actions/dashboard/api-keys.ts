"use server";

import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { createApiKey } from "@/lib/domain/keys/create-api-key";
import { revokeApiKey } from "@/lib/domain/keys/revoke-api-key";
import type { CreateApiKeyInput } from "@/lib/domain/keys/schemas";

// Each action re-reads the session and the caller's role (runWorkspaceAction), and the domain
// function checks the role again: what the page showed proves nothing. Next.js refuses action
// requests whose Origin is not this host (e2e/settings-safety.spec.ts shows it), and the wrapper
// refuses a request that carries an API key.

const keysPage = (slug: string) => ({ pages: [`/w/${slug}/settings/api-keys`] });

/**
 * The full key is in this answer and nowhere else: not in the URL, a cookie, or the page's server
 * render (the revalidated list carries only its hint). The browser keeps it in component state
 * until the dialog closes.
 */
export async function createApiKeyAction(slug: string, input: CreateApiKeyInput) {
  return runWorkspaceAction(slug, "createApiKeyAction", (actor) => createApiKey(actor, input), keysPage(slug));
}

export async function revokeApiKeyAction(slug: string, keyId: string) {
  return runWorkspaceAction(slug, "revokeApiKeyAction", async (actor) => ({ apiKey: await revokeApiKey(actor, String(keyId)) }), keysPage(slug));
}
