// Who a public request is counted against (README: "Per-IP rate limit"). The first hop of
// X-Forwarded-For is the client as the edge proxy saw it; X-Real-IP is the fallback some proxies
// send instead. Both are only as trustworthy as the proxy in front of the app: deploy behind one
// that sets (not appends to) these headers, or a client can pick its own bucket.
const MAX_IP_LENGTH = 64;

export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const candidate = forwarded || headers.get("x-real-ip")?.trim() || "";
  if (!candidate || candidate.length > MAX_IP_LENGTH || !/^[0-9A-Za-z.:[\]%_-]+$/.test(candidate)) return "unknown";
  return candidate.toLowerCase();
}
