import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, clientIp, clientNetwork, resolveClientIp, trustedProxyHops, UNKNOWN_IP } from "@/lib/platform/server/client-ip";

// Any client-supplied X-Forwarded-For was once trusted, so rotating it walked past the
// per-IP limit (650 of 650 requests over it got through).
// The production server resolves the address (resolveClientIp) from the TCP peer and the
// forwarding headers, then hands it to the app in CLIENT_IP_HEADER, which clientIp reads.
const PEER = "198.51.100.7";
const resolve = (forwardedFor: string | null, hops: number, realIp: string | null = null, peer: string | undefined = PEER) =>
  resolveClientIp({ peer, forwardedFor, realIp }, hops);

describe("clientIp", () => {
  it("with no trusted proxy (the default) the TCP peer wins: a rotated X-Forwarded-For changes nothing", () => {
    expect(trustedProxyHops({})).toBe(0);
    const seen = new Set(
      ["1.1.1.1", "2.2.2.2", "3.3.3.3, 4.4.4.4", null].map((spoofed) => resolve(spoofed, 0)),
    );
    expect([...seen]).toEqual(["198.51.100.7"]);
  });

  it("TRUSTED_PROXY_HOPS=1 takes the address the one proxy saw, whatever the client prepended", () => {
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "1" })).toBe(1);
    expect(resolve("6.6.6.6, 203.0.113.5", 1, null, "10.0.0.2")).toBe("203.0.113.5");
    expect(resolve("203.0.113.5", 1, null, "10.0.0.2")).toBe("203.0.113.5");
  });

  it("two hops count two entries from the right; a short header yields its leftmost entry", () => {
    expect(resolve("6.6.6.6, 203.0.113.5, 10.0.0.3", 2, null, "10.0.0.2")).toBe("203.0.113.5");
    expect(resolve("203.0.113.5", 2, null, "10.0.0.2")).toBe("203.0.113.5");
  });

  it("X-Real-IP counts only behind a proxy and only without X-Forwarded-For", () => {
    expect(resolve(null, 0, "203.0.113.8")).toBe(PEER);
    expect(resolve(null, 1, "203.0.113.8", "10.0.0.2")).toBe("203.0.113.8");
    expect(resolve("203.0.113.9", 1, "203.0.113.8", "10.0.0.2")).toBe("203.0.113.9");
  });

  it("answers the unknown sentinel where it did: no address at all, or garbage", () => {
    expect(resolve(" , ", 0, null, "")).toBe("unknown");
    expect(resolve("<script>", 1, null, "10.0.0.2")).toBe("unknown");
    expect(resolve("a".repeat(65), 1, null, "10.0.0.2")).toBe("unknown");
  });

  it("the app believes only the header the server sets: absent, it knows no address; X-Forwarded-For alone counts for nothing", () => {
    expect(clientIp(new Headers({ [CLIENT_IP_HEADER]: "203.0.113.5" }))).toBe("203.0.113.5");
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.5" }))).toBe("unknown");
    expect(clientIp(new Headers({ [CLIENT_IP_HEADER]: "<script>" }))).toBe("unknown");
  });

  it("a negative or non-numeric setting falls back to 0", () => {
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "-1" })).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "two" })).toBe(0);
  });
});

describe("clientNetwork", () => {
  it("an IPv4 address counts as its /24, written as IPv4 or as IPv6", () => {
    expect(clientNetwork("198.51.100.7")).toBe("198.51.100.0/24");
    expect(clientNetwork("198.51.100.250")).toBe("198.51.100.0/24");
    expect(clientNetwork("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
    expect(clientNetwork("198.51.101.7")).toBe("198.51.101.0/24");
  });

  it("an IPv6 address counts as its /64, however it is written", () => {
    const network = "2001:db8:1:2::/64";
    for (const address of ["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff:ffff:ffff:fffe", "[2001:db8:1:2::42]", "2001:DB8:1:2:0:0:0:9", "fe80::1%eth0"]) {
      expect(clientNetwork(address)).toBe(address.startsWith("fe80") ? "fe80:0:0:0::/64" : network);
    }
    expect(clientNetwork("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("the unknown client and anything that is not an address stay as they are", () => {
    for (const value of [UNKNOWN_IP, "999.1.1.1", "1:2:3", "1::2::3", "2001:db8:::1", "not-an-ip"]) expect(clientNetwork(value)).toBe(value);
  });
});
