import { compactVerify, decodeProtectedHeader } from "jose";
import { db } from "@/lib/platform/db/client";
import { ssoClaimsSchema, toSsoClaims, type SsoClaims } from "./claims";
import { loadSigningKeys } from "./signing-keys";

// The one gate an SSO token passes, whichever surface brought it (the portal's callback, the
// widget's exchange). Every refusal has a name, so the customer's developer can tell what to fix
// and tests can tell the rules apart; none of them says more than the name.

export const CLOCK_TOLERANCE_SECONDS = 60;
export const MAX_LIFETIME_SECONDS = 24 * 60 * 60;
/** Far above any honest token (a few claims and up to 20 companies), far below a body limit. */
export const MAX_TOKEN_LENGTH = 16_384;

export type SsoRefusal =
  | "malformed"
  | "alg_not_allowed"
  | "sso_disabled"
  | "bad_signature"
  | "revoked_secret"
  | "wrong_workspace"
  | "missing_exp"
  | "expired"
  | "exp_too_far"
  | "not_yet_valid"
  | "missing_jti"
  | "missing_id"
  | "invalid_claims"
  | "replayed";

export type SsoVerification = { ok: true; claims: SsoClaims } | { ok: false; reason: SsoRefusal; detail?: string };

const refuse = (reason: SsoRefusal, detail?: string): SsoVerification => ({ ok: false, reason, ...(detail ? { detail } : {}) });

/**
 * Checks `token` for `workspaceId`: HS256 under one of the workspace's live secrets, `exp` present
 * and at most 24 h ahead (60 s either way for clocks), an `id`, and a `jti` never seen before for
 * this workspace — recorded here, as the last step, so only a token that passed everything else
 * uses up its id.
 */
export async function verifySsoToken(workspaceId: string, token: string, now: Date = new Date()): Promise<SsoVerification> {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH || token.split(".").length !== 3) return refuse("malformed");
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return refuse("malformed");
  }
  // Only the shared-secret algorithm the secrets are made for: never `none`, never a public-key
  // algorithm that could be confused with it.
  if (alg !== "HS256") return refuse("alg_not_allowed");

  const keys = await loadSigningKeys(workspaceId);
  if (!keys.enabled) return refuse("sso_disabled");
  const payloadBytes = await firstVerifying(token, keys.active);
  if (!payloadBytes) return refuse((await firstVerifying(token, keys.revoked)) ? "revoked_secret" : "bad_signature");

  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payloadBytes));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return refuse("malformed");
    payload = parsed as Record<string, unknown>;
  } catch {
    return refuse("malformed");
  }

  const nowSeconds = Math.floor(now.getTime() / 1000);
  const timeRefusal = checkTimes(payload, nowSeconds);
  if (timeRefusal) return refuse(timeRefusal);
  if (payload.aud !== undefined && !audienceNames(payload.aud, workspaceId)) return refuse("wrong_workspace");
  if (typeof payload.jti !== "string" || payload.jti.length === 0 || payload.jti.length > 200) return refuse("missing_jti");
  if (payload.id === undefined || payload.id === null || payload.id === "") return refuse("missing_id");

  const claims = ssoClaimsSchema.safeParse(payload);
  if (!claims.success) {
    const issue = claims.error.issues[0];
    return refuse(issue?.path[0] === "id" ? "missing_id" : "invalid_claims", issue ? `${issue.path.join(".")}: ${issue.message}` : undefined);
  }

  const expiresAt = new Date((payload.exp as number) * 1000);
  if (!(await spendTokenId(workspaceId, payload.jti, expiresAt, now))) return refuse("replayed");
  return { ok: true, claims: toSsoClaims(claims.data, payload.jti, expiresAt) };
}

async function firstVerifying(token: string, secrets: Uint8Array[]): Promise<Uint8Array | null> {
  for (const secret of secrets) {
    try {
      return (await compactVerify(token, secret, { algorithms: ["HS256"] })).payload;
    } catch {
      // not this one
    }
  }
  return null;
}

function checkTimes(payload: Record<string, unknown>, now: number): SsoRefusal | null {
  const { exp, nbf, iat } = payload;
  if (exp === undefined) return "missing_exp";
  if (typeof exp !== "number" || !Number.isFinite(exp)) return "malformed";
  if (exp + CLOCK_TOLERANCE_SECONDS <= now) return "expired";
  if (exp > now + MAX_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) return "exp_too_far";
  for (const notBefore of [nbf, iat]) {
    if (notBefore === undefined) continue;
    if (typeof notBefore !== "number" || !Number.isFinite(notBefore)) return "malformed";
    if (notBefore > now + CLOCK_TOLERANCE_SECONDS) return "not_yet_valid";
  }
  return null;
}

/** `aud` is optional; when present it names this workspace (its id), alone or in a list. */
function audienceNames(aud: unknown, workspaceId: string): boolean {
  return aud === workspaceId || (Array.isArray(aud) && aud.includes(workspaceId));
}

/**
 * Records the token id; false when it was recorded before. Rows are kept until the token could
 * no longer pass the expiry check anyway, then pruned here (a handful per call, by index).
 */
async function spendTokenId(workspaceId: string, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
  const keepUntil = new Date(expiresAt.getTime() + CLOCK_TOLERANCE_SECONDS * 1000);
  const inserted = await db.$executeRaw`
    INSERT INTO "SsoTokenUse" ("workspaceId", "jti", "expiresAt") VALUES (${workspaceId}, ${jti}, ${keepUntil})
    ON CONFLICT DO NOTHING`;
  await db.$executeRaw`
    DELETE FROM "SsoTokenUse" WHERE ctid IN (SELECT ctid FROM "SsoTokenUse" WHERE "expiresAt" < ${now} LIMIT 100)`;
  return inserted === 1;
}
