import { describe, expect, it } from "vitest";
import { encode, decode } from "next-auth/jwt";
import type { JWT } from "next-auth/jwt";
import { activeSession, endAllSessions, endSession, startSession } from "@/lib/platform/auth/sessions";
import { db } from "@/lib/platform/db/client";
import { createTestUser } from "../support/api";

// A session is a row the server can end. The JWT cookie only carries its id;
// next-auth's callbacks re-read the row on every request.
const { authOptions } = await import("@/lib/surfaces/auth/options");
const callbacks = authOptions().callbacks!;
const secret = process.env.NEXTAUTH_SECRET!;

/** What next-auth does with a cookie on each request: decode, jwt callback, session callback. */
async function sessionFromCookie(cookie: string) {
  const decoded = await decode({ token: cookie, secret });
  if (!decoded) return null;
  const token = (await callbacks.jwt!({ token: decoded } as never)) as JWT;
  return callbacks.session!({ session: { expires: new Date(Date.now() + 60_000).toISOString() }, token } as never);
}

async function signIn(user: { id: string; email: string; name: string | null }) {
  const token = (await callbacks.jwt!({ token: { sub: user.id }, user, account: { provider: "credentials" } } as never)) as JWT;
  return { cookie: await encode({ token, secret }), sid: token.sid! };
}

describe("server-side sessions", () => {
  it("sign-in starts a session row; each request reads it, with the account's current address and verification", async () => {
    const user = await createTestUser("session");
    const { cookie, sid } = await signIn(user);
    expect(await db.authSession.count({ where: { id: sid, userId: user.id, endedAt: null } })).toBe(1);
    expect(await sessionFromCookie(cookie)).toMatchObject({ user: { id: user.id, email: user.email }, sessionId: sid, emailVerified: false });
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    expect(await sessionFromCookie(cookie)).toMatchObject({ emailVerified: true });
  });

  it("after sign-out the old cookie no longer works (it used to for 30 days)", async () => {
    const user = await createTestUser("signout");
    const { cookie } = await signIn(user);
    const decoded = await decode({ token: cookie, secret });
    await authOptions().events!.signOut!({ token: decoded!, session: null as never });
    const after = await sessionFromCookie(cookie);
    expect(after?.user).toBeUndefined();
    expect((after as { sessionId?: string } | undefined)?.sessionId).toBeUndefined();
  });

  it("sign out everywhere ends every session of the account, and only that account's", async () => {
    const [user, other] = [await createTestUser("everywhere"), await createTestUser("bystander")];
    const laptop = await signIn(user);
    const phone = await signIn(user);
    const theirs = await signIn(other);
    expect(await endAllSessions(user.id)).toBe(2);
    expect((await sessionFromCookie(laptop.cookie))?.user).toBeUndefined();
    expect((await sessionFromCookie(phone.cookie))?.user).toBeUndefined();
    expect((await sessionFromCookie(theirs.cookie))?.user).toMatchObject({ id: other.id });
  });

  it("a password change can end the other sessions and keep the one that made it", async () => {
    const user = await createTestUser("password");
    const here = await startSession(user.id);
    const elsewhere = await startSession(user.id);
    expect(await endAllSessions(user.id, { keep: here })).toBe(1);
    expect(await activeSession(here)).toMatchObject({ userId: user.id });
    expect(await activeSession(elsewhere)).toBeNull();
  });

  it("an expired, ended or forged session id is no session", async () => {
    const user = await createTestUser("expired");
    const sid = await startSession(user.id);
    await db.authSession.update({ where: { id: sid }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await activeSession(sid)).toBeNull();
    await endSession("no-such-session");
    expect(await activeSession("no-such-session")).toBeNull();
    expect(await activeSession(undefined)).toBeNull();
    expect(await activeSession("x".repeat(500))).toBeNull();
    // A token without a session id (every cookie issued before this change) is signed out.
    const legacy = await encode({ token: { sub: user.id, email: user.email }, secret });
    expect((await sessionFromCookie(legacy))?.user).toBeUndefined();
  });
});
