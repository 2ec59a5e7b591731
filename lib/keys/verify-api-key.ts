import { ApiError } from "@/lib/api/error-codes";
import { hotQuery } from "@/lib/db/client";
import { secret } from "@/lib/env";
import type { Plan, Role } from "@/lib/generated/prisma/enums";
import { hashKey, isWellFormedKey } from "./format";

export interface VerifiedKey {
  keyId: string;
  workspaceId: string;
  scopes: string[];
  creatorId: string;
  /** The creator's role in the key's workspace now; null when they are no longer a member. */
  creatorRole: Role | null;
  plan: Plan;
}

interface KeyRow {
  id: string;
  workspaceId: string;
  scopes: string[];
  createdById: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  role: Role | null;
  plan: Plan;
}

const INVALID = "The API key is missing, malformed, revoked or expired.";

export function bearerToken(authorization: string | null): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}

let hmacSecret: string | undefined;

// Runs on every /api/v1 request, so it takes the hot path (lib/db/client.ts hotQuery) rather
// than $queryRaw; scripts/bench/bare-server.ts runs the same statement.
const KEY_LOOKUP = `
    SELECT k.id, k."workspaceId", k.scopes, k."createdById", k."expiresAt", k."revokedAt", m.role::text AS role, w.plan::text AS plan
    FROM "ApiKey" k
    JOIN "Workspace" w ON w.id = k."workspaceId"
    LEFT JOIN "Membership" m ON m."workspaceId" = k."workspaceId" AND m."userId" = k."createdById"
    WHERE k.hash = $1`;

/**
 * Key plus its creator's current membership in one round trip: the role is read afresh on every
 * request, so a demotion or removal takes effect on the very next call, on every instance.
 */
export async function verifyApiKey(authorization: string | null): Promise<VerifiedKey> {
  const key = bearerToken(authorization);
  if (!key) throw new ApiError("UNAUTHORIZED", "Send your API key as `Authorization: Bearer <key>`.");
  if (!isWellFormedKey(key)) throw new ApiError("UNAUTHORIZED", INVALID);

  const hash = hashKey(key, (hmacSecret ??= secret("API_KEY_SECRET")));
  const row = (await hotQuery<KeyRow>(KEY_LOOKUP, [hash]))[0];
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= new Date())) throw new ApiError("UNAUTHORIZED", INVALID);
  return {
    keyId: row.id,
    workspaceId: row.workspaceId,
    scopes: row.scopes,
    creatorId: row.createdById,
    creatorRole: row.role,
    plan: row.plan,
  };
}
