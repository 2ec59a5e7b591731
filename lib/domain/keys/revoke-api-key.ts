import { DomainError } from "@/lib/platform/core/errors";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { API_KEY_VIEW_SELECT, toApiKeyView, type ApiKeyView } from "./view";

/**
 * Revokes a key of the actor's workspace; the very next request with it answers 401 because
 * every request reads the key row afresh. Revoking twice keeps the first revocation time.
 */
export async function revokeApiKey(actor: WorkspaceActor, keyId: string): Promise<ApiKeyView> {
  requireRole(actor, "ADMIN", "revoke API keys");
  await actor.db.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await actor.db.apiKey.findUnique({ where: { id: keyId }, select: API_KEY_VIEW_SELECT });
  if (!row) throw new DomainError("NOT_FOUND", "API key not found.");
  return toApiKeyView(row);
}
