import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import { db } from "@/lib/db/client";
import { secret } from "@/lib/env";
import { emailSchema } from "@/lib/users/schemas";
import { linkOAuthAccount } from "@/lib/users/link-oauth-account";
import { githubUserinfo, verifiedOAuthEmail } from "./oauth-email";
import { decoyHash, verifyPassword } from "./password";

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

async function authorizeWithPassword(credentials: Record<string, string> | undefined) {
  const email = emailSchema.safeParse(credentials?.email ?? "");
  const password = credentials?.password ?? "";
  if (!email.success || !password) return null;
  const user = await db.user.findUnique({ where: { email: email.data } });
  if (!user?.passwordHash) {
    await verifyPassword(await decoyHash(), password);
    return null;
  }
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  return { id: user.id, email: user.email, name: user.name };
}

let cached: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  return (cached ??= {
    secret: secret("NEXTAUTH_SECRET"),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: (credentials) => authorizeWithPassword(credentials),
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
      async jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      async session({ session, token }) {
        if (session.user && token.sub) session.user.id = token.sub;
        return session;
      },
    },
  });
}
