import { TOO_MANY_ATTEMPTS } from "@/lib/surfaces/auth/options";

const THROTTLED = new RegExp(`[?&]error=${TOO_MANY_ATTEMPTS}_(\\d+)(?:&|$)`);

/**
 * next-auth answers a refused sign-in like any failed one: a redirect, or for its own client a 200
 * with the error page's address in JSON. A client still waiting gets that answer with Retry-After,
 * and the JSON form a 429 (next-auth's client reads the error from the body whatever the status).
 */
export async function withRetryAfter(response: Response): Promise<Response> {
  let target = response.headers.get("location");
  if (!target && response.headers.get("content-type")?.includes("application/json")) {
    const body = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
    target = typeof body?.url === "string" ? body.url : null;
  }
  const seconds = target ? THROTTLED.exec(target)?.[1] : undefined;
  if (!seconds) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", seconds);
  return new Response(response.body, { status: headers.has("location") ? response.status : 429, headers });
}
