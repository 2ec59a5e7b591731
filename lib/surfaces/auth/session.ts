import { getToken } from "next-auth/jwt";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { connection } from "next/server";
import { RequestCookies } from "next/dist/server/web/spec-extension/cookies";
import { cache } from "react";
import { DatabaseUnavailableError } from "@/lib/platform/db/client";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";
import { activeSession } from "../../platform/auth/sessions";
import { sessionOfCookieHeader } from "./session-of-cookies";
import { decodeSessionToken } from "../../platform/auth/session-token";

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  /** The address is proven (lib/domain/users/verify-email.ts, or an OAuth provider verified it). */
  emailVerified: boolean;
  sessionId: string;
}

/**
 * The signed-in account, read afresh with its server-side session: null once that session ended.
 * Throws DatabaseUnavailableError when the database cannot say. Once per page render however many
 * of the layout, the page and its metadata ask (each read decodes the session token and checks the
 * session in the database); outside a render (actions, route handlers) every call reads afresh.
 */
export const getSessionUser = cache(async function getSessionUser(): Promise<SessionUser | null> {
  await connection(); // per-request by nature: never prerendered at build time
  // The token decoded and its session row read, as next-auth's session callbacks (./options.ts) do,
  // without the rest of getServerSession: it also encrypts a fresh token for a cookie that a render
  // cannot set, on every page view. Decoded with the key kept, not derived again (session-token.ts).
  const token = await getToken({ req: { cookies: new RequestCookies(await headers()), headers: {} } as never, secret: process.env.NEXTAUTH_SECRET, decode: decodeSessionToken });
  if (!token?.sub || typeof token.sid !== "string") return null;
  let current;
  try {
    current = await activeSession(token.sid);
  } catch (error) {
    // The session could not be checked: an outage, not a signed-out visitor (pages answer 503, forms
    // "briefly unavailable"; lib/platform/forms/forms.ts).
    if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) throw new DatabaseUnavailableError("the session could not be checked");
    throw error;
  }
  if (!current || current.userId !== token.sub || !current.email) return null;
  return { id: token.sub, email: current.email, name: current.name ?? null, emailVerified: current.emailVerified === true, sessionId: token.sid };
});

/** For server components and actions: the signed-in user, or a redirect to sign-in and back. */
export async function requireSessionUser(returnTo?: string) {
  const user = await getSessionUser();
  if (user) return user;
  const back = returnTo ?? (await headers()).get("x-pathname") ?? "/workspaces";
  redirect(`/sign-in?callbackUrl=${encodeURIComponent(back)}`);
}

/**
 * The id of the account signed in on `request`, for a route handler that has the request in hand
 * (and so needs no request scope). Null when signed out, or when the session was ended.
 */
export async function sessionUserIdOf(request: Request): Promise<string | null> {
  // The cookies are read from the headers alone: wrapping the handler's request in a NextRequest
  // copies it through the runtime's Request constructor, which the production server's request
  // object does not survive on Node 24 (a private field of another class).
  return (await sessionOfCookieHeader(request.headers.get("cookie") ?? ""))?.userId ?? null;
}
