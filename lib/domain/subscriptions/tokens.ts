import { createHmac, randomBytes } from "node:crypto";
import { secret } from "@/lib/platform/config/env";
import { hashToken } from "@/lib/platform/tokens/email-token";

// Two kinds of link, each good for one thing only. A confirmation link carries 256 random bits,
// stored as their SHA-256 and cleared once used. A manage link (change components, unsubscribe)
// must appear in every mail sent later, long after the raw value could have been kept, so it is
// derived from the subscriber's id with the server's secret (unguessable without it) and only its
// SHA-256 is stored, for the lookup; deleting the subscriber kills it.

export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newConfirmToken(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString("base64url");
  return { raw, hash: hashToken(raw) };
}

export function manageTokenFor(subscriberId: string): string {
  return createHmac("sha256", secret("NEXTAUTH_SECRET")).update(`subscriber-manage:${subscriberId}`).digest("base64url");
}

/** The stored form of a token from a link; null for anything that cannot be one. */
export function tokenHashOf(raw: unknown): string | null {
  return typeof raw === "string" && TOKEN_SHAPE.test(raw) ? hashToken(raw) : null;
}

export { hashToken };
