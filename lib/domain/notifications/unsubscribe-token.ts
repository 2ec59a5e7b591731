import { createHmac, timingSafeEqual } from "node:crypto";
import { secret } from "@/lib/platform/config/env";

// The link in every mail about a post that stops such mail without signing in. It names one
// person, one workspace and one kind of mail, signed with a key derived from the auth secret for
// this use alone: a token made for anything else (another kind, another key's purpose) never
// verifies here, and nothing needs storing, so unsubscribing twice is harmless.

const PREFIX = "pu1.";
/** The one kind these tokens stop: mail to a post's voters, commenters and author. */
export const POST_UPDATES = "post_updates";

export interface UnsubscribeClaim {
  userId: string;
  workspaceId: string;
  kind: typeof POST_UPDATES;
}

function signingKey(): Buffer {
  return createHmac("sha256", secret("NEXTAUTH_SECRET")).update("unsubscribe-token:v1").digest();
}

function signature(payload: string): Buffer {
  return createHmac("sha256", signingKey()).update(`${PREFIX}${payload}`).digest();
}

/** Signs a claim for any kind; only POST_UPDATES tokens are accepted by verifyUnsubscribeToken. */
export function signUnsubscribeClaim(claim: { userId: string; workspaceId: string; kind: string }): string {
  const payload = Buffer.from(JSON.stringify([claim.userId, claim.workspaceId, claim.kind])).toString("base64url");
  return `${PREFIX}${payload}.${signature(payload).toString("base64url")}`;
}

export function unsubscribeToken(userId: string, workspaceId: string): string {
  return signUnsubscribeClaim({ userId, workspaceId, kind: POST_UPDATES });
}

/** The claim a genuine token carries; null for anything malformed, forged or of another kind. */
export function verifyUnsubscribeToken(token: string): UnsubscribeClaim | null {
  if (typeof token !== "string" || token.length > 512 || !token.startsWith(PREFIX)) return null;
  const [payload, sig, ...rest] = token.slice(PREFIX.length).split(".");
  if (!payload || !sig || rest.length > 0) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = signature(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === "string" && part.length > 0)) return null;
  const [userId, workspaceId, kind] = parsed as string[];
  if (kind !== POST_UPDATES) return null;
  return { userId: userId!, workspaceId: workspaceId!, kind };
}
