import type { ScopedTx } from "@/lib/platform/db/scoped";

/**
 * Revokes every key this person created in the workspace, inside the transaction that ends their
 * membership (removal or leaving): the keys answer 401 from their next request and stay revoked
 * if the person ever joins again. Returns how many were still working.
 */
export async function revokeKeysCreatedBy(tx: ScopedTx, userId: string): Promise<number> {
  const { count } = await tx.apiKey.updateMany({ where: { createdById: userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}
