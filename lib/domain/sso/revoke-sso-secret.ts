import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";

/** Tokens signed with a revoked secret are refused from now on (as "revoked_secret"). */
export async function revokeSsoSecret(actor: WorkspaceActor, secretId: string): Promise<void> {
  authorize(actor, "settings.manage", "revoke SSO signing secrets");
  const { count } = await db.ssoSecret.updateMany({ where: { id: secretId, workspaceId: actor.workspaceId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw new DomainError("NOT_FOUND", "This secret does not exist or is already revoked.");
}
