import { openSecret } from "@/lib/domain/webhooks/secret-box";
import { db } from "@/lib/platform/db/client";

/** A workspace's SSO switch and its signing secrets, opened, split into the live and the revoked. */
export interface SigningKeys {
  enabled: boolean;
  active: Uint8Array[];
  revoked: Uint8Array[];
}

export async function loadSigningKeys(workspaceId: string): Promise<SigningKeys> {
  const [settings, secrets] = await Promise.all([
    db.ssoSettings.findUnique({ where: { workspaceId }, select: { enabled: true } }),
    db.ssoSecret.findMany({ where: { workspaceId }, select: { sealed: true, revokedAt: true }, orderBy: { createdAt: "desc" }, take: 50 }),
  ]);
  const encoder = new TextEncoder();
  const open = (sealed: string) => encoder.encode(openSecret(sealed));
  return {
    enabled: settings?.enabled === true,
    active: secrets.filter((row) => !row.revokedAt).map((row) => open(row.sealed)),
    revoked: secrets.filter((row) => row.revokedAt).map((row) => open(row.sealed)),
  };
}
