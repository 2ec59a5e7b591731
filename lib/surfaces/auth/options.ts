import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";
import { secret } from "@/lib/platform/config/env";
import { emailSchema } from "@/lib/domain/users/schemas";
import { linkOAuthAccount } from "@/lib/domain/users/link-oauth-account";
import { clientIp } from "@/lib/platform/server/client-ip";
import { githubUserinfo, verifiedOAuthEmail } from "@/lib/platform/auth/oauth-email";
import { attemptPassword } from "@/lib/platform/auth/attempt-password";
import { safeRedirectTarget } from "@/lib/platform/auth/safe-callback";
import { activeSession, endSession, SESSION_MAX_AGE_SECONDS, startSession } from "@/lib/platform/auth/sessions";

// OAuth providers switch on when their credentials are configured; email and password always work.
function oauthProviders() {
  const providers = [];
  if (process.env.GITHUB_ID && process.env.GITHUB_SECRET) {
    providers.push(
      GitHubProvider({ clientId: process.env.GITHUB_ID, clientSecret: process.env.GITHUB_SECRET, userinfo: githubUserinfo }),
    );
  }
  if (process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET) {
    providers.push(
      GoogleProvider({ clientId: process.env.GOOGLE_CLIENT_ID, clientSecret: process.env.GOOGLE_CLIENT_SECRET }),
    );
  }
  return providers;
}

export function enabledOAuthProviders(): { id: string; name: string }[] {
  return oauthProviders().map((provider) => ({ id: provider.id, name: provider.name }));
}

/** The error a throttled sign-in reports to the form (sign-in-form.tsx reads the wait from it). */
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";
/** The error a sign-in reports while the database is out of reach: never "wrong password". */
export const SIGN_IN_UNAVAILABLE = "ServiceUnavailable";

async function authorizeUnlessOutage(credentials: Record<string, string> | undefined, headers: Headers) {
  try {
    return await authorizeWithPassword(credentials, headers);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw new Error(SIGN_IN_UNAVAILABLE);
    throw error;
  }
}

async function authorizeWithPassword(credentials: Record<string, string> | undefined, headers: Headers) {
  const email = emailSchema.safeParse(credentials?.email ?? "");
  const password = credentials?.password ?? "";
  if (!email.success || !password) return null;
  const attempt = await attemptPassword(email.data, password, clientIp(headers));
  if (attempt.outcome === "wait") throw new Error(`${TOO_MANY_ATTEMPTS}_${attempt.retryAfterSeconds}`);
  return attempt.outcome === "right" ? attempt.user : null;
}

let cached: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  return (cached ??= {
    secret: secret("NEXTAUTH_SECRET"),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: (credentials, request) =>
          authorizeUnlessOutage(credentials, new Headers((request?.headers ?? {}) as Record<string, string>)),
      }),
      ...oauthProviders(),
    ],
    callbacks: {
      async signIn({ user, account, profile }) {
        if (!account || account.provider === "credentials") return true;
        const linked = await linkOAuthAccount({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          email: verifiedOAuthEmail(account.provider, user.email, profile),
          name: user.name,
        });
        if (!linked) return "/sign-in?error=OAuthEmail";
        user.id = linked.id;
        return true;
      },
      // Each request re-reads the session row (lib/platform/auth/sessions.ts): an ended session yields an
      // empty token, which every reader treats as signed out.
      async jwt({ token: incoming, user }) {
        // A mark left by an earlier outage is never carried forward: each request checks afresh.
        const token = { ...incoming };
        delete token.databaseUnavailable;
        if (user) {
          token.sub = user.id;
          token.sid = await startSession(user.id);
        }
        let current;
        try {
          current = await activeSession(token.sid);
        } catch (error) {
          // With the database out of reach the session is neither valid nor ended: it is said so,
          // so that pages and actions answer "briefly unavailable" rather than "sign in", and the
          // cookie is kept (next-auth clears it when this callback throws).
          if (isDatabaseUnavailable(error)) return { ...token, databaseUnavailable: true };
          throw error;
        }
        if (!current || current.userId !== token.sub) return {};
        return { ...token, email: current.email, name: current.name, emailVerified: current.emailVerified };
      },
      async session({ session, token }) {
        if (token.databaseUnavailable) return { expires: session.expires, databaseUnavailable: true };
        if (!token.sub || typeof token.sid !== "string") return { expires: session.expires };
        return {
          expires: session.expires,
          user: { id: token.sub, email: token.email, name: token.name },
          sessionId: token.sid,
          emailVerified: token.emailVerified === true,
        };
      },
      redirect: ({ url }) => safeRedirectTarget(url),
    },
    events: {
      async signOut({ token }) {
        await endSession(token?.sid);
      },
    },
  });
}
