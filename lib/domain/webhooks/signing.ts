import crypto from "node:crypto";

// Standard Webhooks signing: the secret is `whsec_` + base64 of random bytes; the signature is
// `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with those bytes. Several
// signatures go space-separated in one header, so a receiver holding either secret during a
// rotation accepts the message.
const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 32;

export function newSigningSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(SECRET_BYTES).toString("base64");
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three Standard Webhooks headers for one message, signed with every secret given. */
export function signatureHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => sign(secret, id, timestamp, body)).join(" "),
  };
}
