import { DomainError } from "@/lib/platform/core/errors";
import { hotQuery } from "@/lib/platform/db/client";
import { secret } from "@/lib/platform/config/env";
import type { Plan, Role } from "@/lib/generated/prisma/enums";
import { hashKey, isWellFormedKey } from "./format";
import { KEY_LOOKUP_SQL } from "./key-lookup-sql";

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

/**
 * Key plus its creator's current membership in one round trip: the role is read afresh on every
 * request, so a demotion or removal takes effect on the very next call, on every instance. It runs
 * on every /api/v1 request, so it takes the hot path (lib/platform/db/client.ts hotQuery), not $queryRaw.
 */
export async function verifyApiKey(authorization: string | null): Promise<VerifiedKey> {
  const key = bearerToken(authorization);
  if (!key) throw new DomainError("UNAUTHORIZED", "Send your API key as `Authorization: Bearer <key>`.");
  if (!isWellFormedKey(key)) throw new DomainError("UNAUTHORIZED", INVALID);

  const hash = hashKey(key, (hmacSecret ??= secret("API_KEY_SECRET")));
  const row = (await hotQuery<KeyRow>(KEY_LOOKUP_SQL, [hash]))[0];
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= new Date())) throw new DomainError("UNAUTHORIZED", INVALID);
  return {
    keyId: row.id,
    workspaceId: row.workspaceId,
    scopes: row.scopes,
    creatorId: row.createdById,
    creatorRole: row.role,
    plan: row.plan,
  };
}
