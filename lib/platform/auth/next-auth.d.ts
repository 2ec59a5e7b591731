import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user?: { id: string; email?: string | null; name?: string | null; image?: string | null };
    /** The server-side session row (lib/platform/auth/sessions.ts). */
    sessionId?: string;
    emailVerified?: boolean;
    /** The session could not be checked: the database was out of reach (lib/surfaces/auth/options.ts). */
    databaseUnavailable?: boolean;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sid?: string;
    emailVerified?: boolean;
    databaseUnavailable?: boolean;
  }
}
