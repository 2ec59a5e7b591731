import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { pendingLastUse } from "./record-key-use";
import { API_KEY_VIEW_SELECT, toApiKeyView, type ApiKeyView } from "./view";

/** Every key of the workspace, newest first (ADMIN and OWNER manage all keys, not only their own). */
export async function listApiKeys(actor: WorkspaceActor): Promise<ApiKeyView[]> {
  requireRole(actor, "ADMIN", "manage API keys");
  const rows = await actor.db.apiKey.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: API_KEY_VIEW_SELECT });
  return rows.map((row) => {
    const pending = pendingLastUse(row.id);
    return toApiKeyView(pending && (!row.lastUsedAt || pending > row.lastUsedAt) ? { ...row, lastUsedAt: pending } : row);
  });
}
