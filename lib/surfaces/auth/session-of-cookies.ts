import { getToken } from "next-auth/jwt";
import { activeSession, type ActiveSession } from "@/lib/platform/auth/sessions";
import { decodeSessionToken } from "@/lib/platform/auth/session-token";

/** A Cookie header as name → value (the last of a repeated name). */
export function cookiesOf(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0) cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return cookies;
}

/**
 * The app session a Cookie header carries, with no Next.js request scope (the front door has only
 * the raw header): the token decoded (whole or chunked, under the name next-auth gives it on this
 * site), then its server-side session checked as on every request. Null when signed out, or when
 * the session was ended; throws when the database cannot say.
 */
export async function sessionOfCookieHeader(cookieHeader: string): Promise<ActiveSession | null> {
  const token = await getToken({ req: { cookies: cookiesOf(cookieHeader), headers: {} } as never, secret: process.env.NEXTAUTH_SECRET, decode: decodeSessionToken });
  if (!token?.sub || typeof token.sid !== "string") return null;
  const current = await activeSession(token.sid);
  return current?.userId === token.sub ? current : null;
}
