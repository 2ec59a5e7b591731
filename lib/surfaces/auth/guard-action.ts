import { headers } from "next/headers";
import { carriesApiKey, API_KEY_SCOPE_MESSAGE } from "@/lib/platform/auth/carries-api-key";
import { getSessionUser, type SessionUser } from "./session";

/**
 * First line of every server action: an action is a dashboard route, so a request carrying an
 * API key is refused even if it slipped past proxy.ts; then the session is read afresh.
 */
export async function guardAction(): Promise<SessionUser | null> {
  if (carriesApiKey(await headers())) throw new Error(API_KEY_SCOPE_MESSAGE);
  return getSessionUser();
}

export async function refuseApiKeyInAction(): Promise<void> {
  if (carriesApiKey(await headers())) throw new Error(API_KEY_SCOPE_MESSAGE);
}
