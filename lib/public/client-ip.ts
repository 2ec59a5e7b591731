// Who a request is counted against (docs/security.md: "Client IP and TRUSTED_PROXY_HOPS"). X-Forwarded-For
// is read from the right: the production server appends the TCP peer as the last entry
// (scripts/lib/http-hooks.mjs), each trusted proxy in front appended the address it saw, and
// everything further left was written by whoever sent the request. TRUSTED_PROXY_HOPS says how
// many proxies stand in front of the app; 0 (the default, a direct deployment) takes the peer
// itself, so a client-supplied header changes nothing. X-Real-IP is read only behind a proxy, and
// only when there is no X-Forwarded-For.
const MAX_IP_LENGTH = 64;
/** What clientIp() answers when no header names the client; per-IP throttles skip it. */
export const UNKNOWN_IP = "unknown";

export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(configured) && configured >= 0 ? configured : 0;
}

export function clientIp(headers: Headers, hops: number = trustedProxyHops()): string {
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  // Fewer entries than hops + 1: the request skipped a proxy; the leftmost is the furthest known.
  const forwarded = entries.length > 0 ? entries[Math.max(0, entries.length - 1 - hops)] : undefined;
  const candidate = forwarded ?? (hops > 0 ? headers.get("x-real-ip")?.trim() : undefined) ?? "";
  if (!candidate || candidate.length > MAX_IP_LENGTH || !/^[0-9A-Za-z.:[\]%_-]+$/.test(candidate)) return UNKNOWN_IP;
  return candidate.toLowerCase();
}
