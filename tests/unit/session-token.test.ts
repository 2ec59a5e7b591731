import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { decode, encode, getToken } from "next-auth/jwt";
import { decodeSessionToken } from "@/lib/platform/auth/session-token";

// The session cookie is read with the key kept (lib/platform/auth/session-token.ts) instead of
// next-auth's decode, which derives it again on every call: the answers must be next-auth's own.
const secret = "unit-session-secret-0123456789abcdef0123456789";
const claims = { sub: "user_1", sid: "session_1", email: "a@example.test", name: "A" };

/** What a page does with the cookie: getToken with the kept-key decode. */
function read(cookie: string, withSecret = secret) {
  return getToken({ req: { cookies: { "next-auth.session-token": cookie }, headers: {} } as never, secret: withSecret, decode: decodeSessionToken });
}

describe("the session cookie decoded with the key kept", () => {
  it("gives next-auth's own claims for next-auth's cookie", async () => {
    const cookie = await encode({ token: claims, secret });
    const ours = await decodeSessionToken({ token: cookie, secret });
    expect(ours).toEqual(await decode({ token: cookie, secret }));
    expect(ours).toMatchObject(claims);
    expect(await read(cookie)).toMatchObject(claims);
    expect(await decodeSessionToken({ token: undefined, secret })).toBeNull();
  });

  it("refuses an expired, tampered or foreign cookie, as next-auth does", async () => {
    // Past the expiry and its 15 s of tolerance; within the tolerance it still reads.
    const expired = await encode({ token: claims, secret, maxAge: -60 });
    const justExpired = await encode({ token: claims, secret, maxAge: -5 });
    const cookie = await encode({ token: claims, secret });
    const [header, key, iv, ciphertext, tag] = cookie.split(".");
    const flipped = `${ciphertext!.slice(0, 10)}${ciphertext![10] === "A" ? "B" : "A"}${ciphertext!.slice(11)}`;
    const tampered = [header, key, iv, flipped, tag].join(".");
    const foreign = await encode({ token: claims, secret: "another-secret-0123456789abcdef0123456789" });

    await expect(decode({ token: expired, secret })).rejects.toThrow();
    await expect(decodeSessionToken({ token: expired, secret })).rejects.toThrow();
    expect(await decodeSessionToken({ token: justExpired, secret })).toMatchObject(claims);
    await expect(decodeSessionToken({ token: tampered, secret })).rejects.toThrow();
    await expect(decodeSessionToken({ token: foreign, secret })).rejects.toThrow();
    for (const bad of [expired, tampered, foreign, "not-a-token"]) expect(await read(bad)).toBeNull();
    // Another secret is another key: the cookie made under it reads under it, and not under the first.
    expect(await read(foreign, "another-secret-0123456789abcdef0123456789")).toMatchObject(claims);
    expect(await read(cookie)).toMatchObject(claims);
  });

  it("derives the key once for a secret, however many cookies it reads", async () => {
    const derive = vi.spyOn(crypto, "hkdfSync");
    const other = "derive-once-secret-0123456789abcdef0123456789";
    const cookies = await Promise.all([1, 2, 3].map((n) => encode({ token: { ...claims, sub: `user_${n}` }, secret: other })));
    for (const cookie of cookies) expect(await decodeSessionToken({ token: cookie, secret: other })).toMatchObject({ sid: "session_1" });
    expect(derive).toHaveBeenCalledTimes(1);
    derive.mockRestore();
  });
});
