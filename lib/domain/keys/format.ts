import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Key format, modelled on GitHub's tokens: a recognisable prefix (secret scanners match on it),
// 30 random base62 characters (~178 bits), and a 6-character base62 CRC32 of the random part, so a
// truncated or mistyped key is refused (401) before any database query.
//
//   wsk_ + <30 random base62> + <6 base62 checksum>        e.g. wsk_3Jd9…Xq0a1B
export const KEY_PREFIX = "wsk_";
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function toBase62(value: number, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniformly likely (256 is not a multiple of 62).
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function generateKey(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${KEY_PREFIX}${random}${toBase62(crc32(random), CHECKSUM_LENGTH)}`;
}

/** Format and checksum only: true means "worth a database lookup", not "valid". */
export function isWellFormedKey(key: string): boolean {
  if (key.length !== KEY_LENGTH || !KEY_PATTERN.test(key)) return false;
  const random = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + RANDOM_LENGTH);
  const checksum = key.slice(KEY_PREFIX.length + RANDOM_LENGTH);
  const expected = toBase62(crc32(random), CHECKSUM_LENGTH);
  return timingSafeEqual(Buffer.from(checksum), Buffer.from(expected));
}

/** HMAC-SHA256 under the server secret: a leaked table of hashes cannot be replayed or brute-forced offline. */
export function hashKey(key: string, secret: string): string {
  return createHmac("sha256", secret).update(key).digest("hex");
}

export function keyHint(key: string): string {
  return `${KEY_PREFIX}…${key.slice(-4)}`;
}
