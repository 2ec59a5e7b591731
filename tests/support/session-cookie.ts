import { encode, type JWT } from "next-auth/jwt";
import { authOptions } from "@/lib/surfaces/auth/options";

/**
 * A Cookie header signed in as `user`, as a browser holds it after signing in: a server-side
 * session started by next-auth's own jwt callback, in the cookie next-auth names for the public URL
 * (`__Secure-` over https).
 */
export async function sessionCookieFor(user: { id: string; email: string; name?: string | null }, publicUrl = process.env.NEXTAUTH_URL): Promise<string> {
  const token = (await authOptions().callbacks!.jwt!({ token: { sub: user.id }, user, account: { provider: "credentials" } } as never)) as JWT;
  const name = publicUrl?.startsWith("https://") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  return `${name}=${await encode({ token, secret: process.env.NEXTAUTH_SECRET! })}`;
}
