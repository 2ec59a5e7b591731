import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { secret } from "@/lib/platform/config/env";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { MIN_ROLE_FOR_SCOPE, roleAllowsScope } from "@/lib/domain/access/roles";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { generateKey, hashKey, keyHint } from "./format";
import { createApiKeySchema, type CreateApiKeyInput } from "./schemas";
import { toApiKeyView, API_KEY_VIEW_SELECT, type ApiKeyView } from "./view";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates a key for the actor's workspace. The full key is returned here and nowhere else: only
 * its HMAC is stored. Nobody can grant a scope above their own role, and the FREE plan's active-key
 * limit is counted under the workspace lock.
 */
export async function createApiKey(actor: WorkspaceActor, input: CreateApiKeyInput): Promise<{ key: string; apiKey: ApiKeyView }> {
  requireRole(actor, "ADMIN", "create API keys");
  const parsed = createApiKeySchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The key settings are not valid.", zodDetails(parsed.error));
  const { name, scopes, expiresInDays } = parsed.data;

  const tooHigh = scopes.filter((scope) => !roleAllowsScope(actor.role, scope));
  if (tooHigh.length > 0) {
    throw new DomainError(
      "FORBIDDEN",
      `Your role (${actor.role.toLowerCase()}) cannot grant ${tooHigh.map((s) => `${s} (needs ${MIN_ROLE_FOR_SCOPE[s].toLowerCase()})`).join(", ")}.`,
    );
  }

  const key = generateKey();
  const apiKey = await createWithinPlanLimit(actor.db, "activeApiKeys", (tx) =>
    tx.apiKey.create({
      data: {
        workspaceId: actor.workspaceId,
        name,
        scopes,
        hash: hashKey(key, secret("API_KEY_SECRET")),
        hint: keyHint(key),
        createdById: actor.userId,
        expiresAt: expiresInDays ? new Date(Date.now() + expiresInDays * DAY_MS) : null,
      },
      select: API_KEY_VIEW_SELECT,
    }),
  );
  return { key, apiKey: toApiKeyView(apiKey) };
}
