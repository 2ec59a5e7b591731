import { createHash, randomBytes } from "node:crypto";

/** A random value to hand out, and the hash to store: a database read alone gives nobody a usable value. */
export function newOpaqueToken(): { value: string; hash: string } {
  const value = randomBytes(32).toString("base64url");
  return { value, hash: hashOpaqueToken(value) };
}

export function hashOpaqueToken(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function isOpaqueTokenShape(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
