import { randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The placeholder address of an SSO visitor's row: unique, unroutable, never anyone's. */
export const SSO_PLACEHOLDER_DOMAIN = "sso.invalid";

/** A fresh placeholder address for a new SSO visitor's row. */
export function ssoPlaceholderEmail(): string {
  return `sso-${randomBytes(18).toString("base64url").toLowerCase()}@${SSO_PLACEHOLDER_DOMAIN}`;
}

export function isSsoPlaceholderEmail(email: string): boolean {
  return email.endsWith(`@${SSO_PLACEHOLDER_DOMAIN}`);
}

/**
 * This workspace's SSO visitors for the customer's ids, by id: those not known yet are made as a
 * first sign-in would make them, without a profile (no name or address until the customer's own
 * token brings one). An integration may name its users by its own id before they ever open the
 * portal (a CRM recording who asked for what); when one of them signs in through SSO later, the
 * token lands on this same row, votes and comments included. Runs in the caller's transaction, so a
 * write that is refused leaves no visitor behind; two requests making the same id meet on the
 * unique (workspace, id) index and both answer the one row.
 */
export async function ensureSsoVisitors(tx: Pick<Prisma.TransactionClient, "user">, workspaceId: string, externalIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(externalIds)];
  if (!ids.length) return new Map();
  await tx.user.createMany({
    data: ids.map((ssoExternalId) => ({ email: ssoPlaceholderEmail(), ssoWorkspaceId: workspaceId, ssoExternalId })),
    skipDuplicates: true,
  });
  const rows = await tx.user.findMany({ where: { ssoWorkspaceId: workspaceId, ssoExternalId: { in: ids } }, select: { id: true, ssoExternalId: true } });
  return new Map(rows.map((row) => [row.ssoExternalId!, row.id]));
}
