import crypto from "node:crypto";
import { secret } from "@/lib/platform/config/env";

// Endpoint signing secrets must be readable again (each delivery signs with them), so they are
// encrypted, not hashed: AES-256-GCM under a key derived from WEBHOOK_SECRET_KEY, or from
// NEXTAUTH_SECRET when that is not set. A database dump alone signs nothing. Changing the key
// makes stored secrets unreadable: their endpoints need a rotation (docs/security.md).
const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

let cached: { source: string; key: Buffer } | undefined;

function encryptionKey(): Buffer {
  const source = process.env.WEBHOOK_SECRET_KEY || secret("NEXTAUTH_SECRET");
  if (cached?.source !== source) {
    const key = Buffer.from(crypto.hkdfSync("sha256", source, "workspace-webhooks", "webhook endpoint secrets", 32));
    cached = { source, key };
  }
  return cached.key;
}

export function sealSecret(plain: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

// Every attempt signs with its endpoint's secret: the few endpoints a worker is busy with keep
// theirs open here rather than being decrypted once per delivery. A changed key empties it.
const OPENED_LIMIT = 256;
const opened = new Map<string, string>();
let openedUnder: Buffer | undefined;

export function openSecret(sealed: string): string {
  const key = encryptionKey();
  if (openedUnder !== key) {
    opened.clear();
    openedUnder = key;
  }
  const known = opened.get(sealed);
  if (known !== undefined) return known;
  const plain = decrypt(sealed, key);
  if (opened.size >= OPENED_LIMIT) opened.clear();
  opened.set(sealed, plain);
  return plain;
}

function decrypt(sealed: string, key: Buffer): string {
  const [format, data] = sealed.split(":");
  if (format !== FORMAT || !data) throw new Error("unknown webhook secret format");
  const raw = Buffer.from(data, "base64url");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
