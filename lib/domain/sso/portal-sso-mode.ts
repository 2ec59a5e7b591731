import { db } from "@/lib/platform/db/client";

/** How a portal signs visitors in: through the customer's app (SSO), and whether only that way. */
export async function getPortalSsoMode(workspaceId: string): Promise<{ enabled: boolean; ssoOnly: boolean }> {
  const row = await db.ssoSettings.findUnique({ where: { workspaceId }, select: { enabled: true, ssoOnly: true, signInUrl: true } });
  const enabled = row?.enabled === true && Boolean(row.signInUrl);
  return { enabled, ssoOnly: enabled && row?.ssoOnly === true };
}
