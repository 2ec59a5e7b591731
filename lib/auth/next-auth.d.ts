import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user?: { id: string; email?: string | null; name?: string | null; image?: string | null };
    /** The server-side session row (lib/auth/sessions.ts). */
    sessionId?: string;
    emailVerified?: boolean;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sid?: string;
    emailVerified?: boolean;
  }
}
