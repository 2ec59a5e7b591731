import nodeCrypto from "node:crypto";
import { jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams } from "next-auth/jwt";

// next-auth's own decode derives the cookie's encryption key from the secret with HKDF on every
// call, and then imports it for AES-GCM, also every call: on a signed-in page that was two
// derivations a view for a key that never changes while the process runs. This decode is the
// same (the key next-auth derives, A256GCM "dir" JWE, 15 s of clock tolerance on the expiry)
// with the key derived and imported once per secret and kept.

const CLOCK_TOLERANCE_SECONDS = 15;

let kept: { material: string; key: Promise<CryptoKey> } | null = null;

/** next-auth's key for the session cookie, `salt` as next-auth uses it (none for a session). */
function sessionKey(secret: string | Buffer, salt: string): Promise<CryptoKey> {
  const material = `${salt}\u0000${typeof secret === "string" ? secret : secret.toString("base64")}`;
  if (kept?.material !== material) {
    const info = `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`;
    const raw = new Uint8Array(nodeCrypto.hkdfSync("sha256", secret, salt, info, 32));
    kept = { material, key: globalThis.crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["decrypt"]) };
  }
  return kept.key;
}

/**
 * A drop-in for next-auth's `decode` (pass it to `getToken` as `decode`): the token's claims, null
 * without a token; throws, as next-auth's does, for a token that is tampered with, expired, or
 * encrypted under another secret (getToken answers null for those).
 */
export async function decodeSessionToken({ token, secret, salt = "" }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const { payload } = await jwtDecrypt(token, await sessionKey(secret, salt), { clockTolerance: CLOCK_TOLERANCE_SECONDS });
  return payload as JWT;
}
