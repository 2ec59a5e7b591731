import type { FormResult } from "@/lib/platform/forms/forms";
import type { CreateApiKeyInput } from "@/lib/domain/keys/schemas";
import type { ApiKeyView } from "@/lib/domain/keys/view";

/** The API keys page's server actions, handed down by the page (components never import them). */
export interface ApiKeyActions {
  createKey: (slug: string, input: CreateApiKeyInput) => Promise<FormResult<{ key: string; apiKey: ApiKeyView }>>;
  revokeKey: (slug: string, keyId: string) => Promise<FormResult<{ apiKey: ApiKeyView }>>;
}
