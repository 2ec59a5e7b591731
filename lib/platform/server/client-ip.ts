// Who a request is counted against (docs/security.md: "Client IP and TRUSTED_PROXY_HOPS"). The production
// server (server.ts) works it out once per request from the TCP peer and X-Forwarded-For, and
// hands it to the app in CLIENT_IP_HEADER, overwriting whatever the client sent under that name:
// the app believes the header only because the server always writes it. Without the server
// (development, tests calling a route directly) the header is absent and the address is unknown,
// which per-IP throttles skip.
//
// The rule (resolveClientIp): X-Forwarded-For is read from the right, with the peer as its last
// entry, as a proxy would have appended it; each trusted proxy in front appended the address it
// saw, and everything further left was written by whoever sent the request. TRUSTED_PROXY_HOPS
// says how many proxies stand in front of the app; 0 (the default, a direct deployment) takes the
// peer itself, so a client-supplied header changes nothing. X-Real-IP is read only behind a proxy,
// and only when there is no X-Forwarded-For.
const MAX_IP_LENGTH = 64;
/** What clientIp() answers when no header names the client; per-IP throttles skip it. */
import ipaddr from "ipaddr.js";

export const UNKNOWN_IP = "unknown";
/** Set by the production server on every request, never taken from the client. */
export const CLIENT_IP_HEADER = "x-client-ip";

export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(configured) && configured >= 0 ? configured : 0;
}

function validIp(candidate: string | undefined): string {
  const trimmed = candidate?.trim() ?? "";
  if (!trimmed || trimmed.length > MAX_IP_LENGTH || !/^[0-9A-Za-z.:[\]%_-]+$/.test(trimmed)) return UNKNOWN_IP;
  return trimmed.toLowerCase();
}

export interface PeerAndForwarding {
  /** The TCP peer's address (socket.remoteAddress). */
  peer: string | undefined;
  forwardedFor?: string | null;
  realIp?: string | null;
}

/** The client's address from the connection and the forwarding headers, trusting `hops` proxies. */
export function resolveClientIp({ peer, forwardedFor, realIp }: PeerAndForwarding, hops: number = trustedProxyHops()): string {
  const entries = [...(forwardedFor ?? "").split(","), peer ?? ""].map((entry) => entry.trim()).filter(Boolean);
  // Fewer entries than hops + 1: the request skipped a proxy; the leftmost is the furthest known.
  const forwarded = entries.length > 0 ? entries[Math.max(0, entries.length - 1 - hops)] : undefined;
  const viaRealIp = hops > 0 && !forwardedFor?.trim() ? realIp : undefined;
  return validIp(viaRealIp ?? forwarded);
}

/** The client address the production server resolved for this request. */
export function clientIp(headers: Headers): string {
  return validIp(headers.get(CLIENT_IP_HEADER) ?? undefined);
}

/**
 * The network a client address belongs to, for budgets that one party should not escape by
 * changing address: an IPv4 /24, an IPv6 /64 (one household or one server is handed a whole /64,
 * so counting single IPv6 addresses would count nothing). An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`) is its IPv4 /24. The unknown client, and anything that is not an address,
 * stays as it is.
 */
export function clientNetwork(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return ip;
  const address = ipaddr.process(bare);
  if (address instanceof ipaddr.IPv4) return `${address.octets.slice(0, 3).join(".")}.0/24`;
  return `${address.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}
