import { describe, expect, it } from "vitest";
import { generateKey, hashKey, isWellFormedKey, KEY_LENGTH, KEY_PREFIX, keyHint } from "@/lib/domain/keys/format";

describe("key format", () => {
  it("generates prefixed keys that pass their own checksum, each different", () => {
    const keys = Array.from({ length: 200 }, generateKey);
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key.startsWith(KEY_PREFIX)).toBe(true);
      expect(key).toHaveLength(KEY_LENGTH);
      expect(isWellFormedKey(key)).toBe(true);
    }
  });

  it("refuses any single-character typo, truncation or foreign format", () => {
    const key = generateKey();
    let refused = 0;
    for (let i = KEY_PREFIX.length; i < key.length; i++) {
      const replacement = key[i] === "A" ? "B" : "A";
      if (!isWellFormedKey(key.slice(0, i) + replacement + key.slice(i + 1))) refused++;
    }
    expect(refused).toBe(key.length - KEY_PREFIX.length);
    expect(isWellFormedKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedKey(`${key}x`)).toBe(false);
    expect(isWellFormedKey(key.replace(KEY_PREFIX, "ghp_"))).toBe(false);
    expect(isWellFormedKey("")).toBe(false);
  });

  it("hashes with HMAC under the secret and hints with prefix and last four", () => {
    const key = generateKey();
    expect(hashKey(key, "secret-a")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashKey(key, "secret-a")).not.toBe(hashKey(key, "secret-b"));
    expect(keyHint(key)).toBe(`${KEY_PREFIX}…${key.slice(-4)}`);
  });
});
