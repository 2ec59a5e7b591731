import { randomBytes } from "node:crypto";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { sealSecret } from "@/lib/domain/webhooks/secret-box";
import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";

/** Room for rotation (the old and the new live side by side) without a pile of forgotten secrets. */
export const MAX_ACTIVE_SSO_SECRETS = 5;

/**
 * A new signing secret, returned this once in plain text: only its sealed form is stored, so
 * nobody (an admin later, a database dump) can read it back.
 */
export async function createSsoSecret(actor: WorkspaceActor): Promise<{ id: string; secret: string; hint: string; createdAt: Date }> {
  authorize(actor, "settings.manage", "create SSO signing secrets");
  const secret = `sso_${randomBytes(32).toString("base64url")}`;
  const hint = secret.slice(-4);
  return db.$transaction(async (tx) => {
    // Serialises two admins creating at once, so the limit holds.
    await tx.$executeRaw`SELECT 1 FROM "Workspace" WHERE id = ${actor.workspaceId} FOR UPDATE`;
    const active = await tx.ssoSecret.count({ where: { workspaceId: actor.workspaceId, revokedAt: null } });
    if (active >= MAX_ACTIVE_SSO_SECRETS) {
      throw new DomainError("CONFLICT", `A workspace has at most ${MAX_ACTIVE_SSO_SECRETS} live SSO secrets. Revoke one you no longer use first.`);
    }
    const row = await tx.ssoSecret.create({ data: { workspaceId: actor.workspaceId, sealed: sealSecret(secret), hint }, select: { id: true, createdAt: true } });
    return { id: row.id, secret, hint, createdAt: row.createdAt };
  });
}
