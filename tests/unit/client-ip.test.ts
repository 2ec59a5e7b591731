import { describe, expect, it } from "vitest";
import { clientIp, trustedProxyHops } from "@/lib/public/client-ip";

// Any client-supplied X-Forwarded-For was once trusted, so rotating it walked past the
// per-IP limit (650 of 650 requests over it got through).
const headers = (values: Record<string, string>) => new Headers(values);

describe("clientIp", () => {
  it("with no trusted proxy (the default) the peer the server appended wins: a rotated X-Forwarded-For changes nothing", () => {
    expect(trustedProxyHops({})).toBe(0);
    const seen = new Set(
      ["1.1.1.1", "2.2.2.2", "3.3.3.3, 4.4.4.4"].map((spoofed) => clientIp(headers({ "x-forwarded-for": `${spoofed}, 198.51.100.7` }), 0)),
    );
    expect([...seen]).toEqual(["198.51.100.7"]);
  });

  it("TRUSTED_PROXY_HOPS=1 takes the address the one proxy saw, whatever the client prepended", () => {
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "1" })).toBe(1);
    expect(clientIp(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2" }), 1)).toBe("203.0.113.5");
    expect(clientIp(headers({ "x-forwarded-for": "203.0.113.5, 10.0.0.2" }), 1)).toBe("203.0.113.5");
  });

  it("two hops count two entries from the right; a short header yields its leftmost entry", () => {
    expect(clientIp(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.3, 10.0.0.2" }), 2)).toBe("203.0.113.5");
    expect(clientIp(headers({ "x-forwarded-for": "203.0.113.5" }), 2)).toBe("203.0.113.5");
  });

  it("X-Real-IP counts only behind a proxy and only without X-Forwarded-For", () => {
    expect(clientIp(headers({ "x-real-ip": "203.0.113.8" }), 0)).toBe("unknown");
    expect(clientIp(headers({ "x-real-ip": "203.0.113.8" }), 1)).toBe("203.0.113.8");
    expect(clientIp(headers({ "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.8" }), 1)).toBe("203.0.113.9");
  });

  it("answers the unknown sentinel where it did: no header, an empty one, or garbage", () => {
    expect(clientIp(headers({}), 0)).toBe("unknown");
    expect(clientIp(headers({ "x-forwarded-for": " , " }), 0)).toBe("unknown");
    expect(clientIp(headers({ "x-forwarded-for": "<script>" }), 0)).toBe("unknown");
    expect(clientIp(headers({ "x-forwarded-for": "a".repeat(65) }), 0)).toBe("unknown");
  });

  it("a negative or non-numeric setting falls back to 0", () => {
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "-1" })).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "two" })).toBe(0);
  });
});
