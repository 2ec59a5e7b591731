import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import type { JWT } from "next-auth/jwt";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startCuttableDatabase } from "../support/cuttable-database";

// The attack: stop PostgreSQL and use the app. A portal vote or comment answered "Sign in to
// comment" (the session check failed and read as signed out), and pages answered 500 for a moment
// before the 503 page. Here the app's whole connection to the database runs through a relay that
// can drop it like a stopped server does (tests/support/cuttable-database.ts), so the process-wide
// client is set up only after the relay is: everything touching lib/platform/db is imported below.
const database = await startCuttableDatabase(process.env.DATABASE_URL!);
process.env.DATABASE_URL = database.url;

const { db } = await import("@/lib/platform/db/client");
const { authOptions } = await import("@/lib/surfaces/auth/options");
const { answerOutage, formFailureOf, SERVICE_UNAVAILABLE } = await import("@/lib/platform/forms/forms");
const { toggleVote } = await import("@/lib/domain/votes/toggle-vote");
const { addComment } = await import("@/lib/domain/comments/add-comment");
const { proxy } = await import("@/proxy");
const { createTestUser } = await import("../support/api");
const { seedPortal } = await import("../public/fixtures");

const BRIEFLY_UNAVAILABLE = "The service is briefly unavailable, try again in a moment.";
const callbacks = authOptions().callbacks!;
const secret = process.env.NEXTAUTH_SECRET!;

afterEach(() => database.restore());
afterAll(async () => {
  await database.restore();
});

/** What next-auth does with the session cookie on each request: the jwt callback, then the session callback. */
async function checkSession(token: JWT) {
  const checked = (await callbacks.jwt!({ token } as never)) as JWT;
  const session = await callbacks.session!({ session: { expires: new Date(Date.now() + 60_000).toISOString() }, token: checked } as never);
  return { token: checked, session: session as { user?: { id: string }; databaseUnavailable?: boolean } };
}

async function signedIn(label: string) {
  const user = await createTestUser(label);
  const token = (await callbacks.jwt!({ token: { sub: user.id }, user, account: { provider: "credentials" } } as never)) as JWT;
  return { user, token };
}

describe("a database outage, as a signed-in visitor meets it", () => {
  it("the session check says 'unavailable', not 'signed out', and the session survives the outage", async () => {
    const { user, token } = await signedIn("outage-session");
    await database.cut();
    const during = await checkSession(token);
    expect(during.session.databaseUnavailable).toBe(true);
    expect(during.session.user).toBeUndefined();
    // The token next-auth re-encodes into the cookie still names the session (an empty token
    // would sign the browser out for good).
    expect(during.token).toMatchObject({ sub: user.id, sid: token.sid, databaseUnavailable: true });
    expect(await encode({ token: during.token, secret })).toEqual(expect.any(String));

    await database.restore();
    const after = await checkSession(during.token);
    expect(after.session).toMatchObject({ user: { id: user.id }, sessionId: token.sid });
    expect(after.session.databaseUnavailable).toBeUndefined();
  });

  it("a vote answers 'briefly unavailable' and nothing is written", async () => {
    const portal = await seedPortal();
    const { user } = await signedIn("outage-voter");
    await database.cut();
    const answer = await answerOutage(
      "voteAction",
      () => toggleVote({ workspaceId: portal.workspaceId, postId: portal.post.id, userId: user.id, voted: true }),
      { ok: false, reason: "unavailable" } as const,
    );
    expect(answer).toEqual({ ok: false, reason: "unavailable" });

    await database.restore();
    expect(await db.vote.count({ where: { postId: portal.post.id, userId: user.id } })).toBe(0);
    expect((await db.post.findUniqueOrThrow({ where: { id: portal.post.id } })).voteCount).toBe(0);
  });

  it("a comment answers the form-level 'briefly unavailable' and nothing is written", async () => {
    const portal = await seedPortal();
    const { user } = await signedIn("outage-commenter");
    const before = await db.post.findUniqueOrThrow({ where: { id: portal.post.id }, select: { commentCount: true } });
    await database.cut();
    const answer = await answerOutage("commentAction", () =>
      addComment({ workspaceId: portal.workspaceId, postId: portal.post.id, userId: user.id, body: "Written during the outage" }),
    );
    expect(answer).toEqual({ ok: false, fieldErrors: { form: BRIEFLY_UNAVAILABLE } });
    expect(answer).toEqual(SERVICE_UNAVAILABLE);

    await database.restore();
    expect(await db.comment.count({ where: { body: "Written during the outage" } })).toBe(0);
    expect(await db.post.findUniqueOrThrow({ where: { id: portal.post.id }, select: { commentCount: true } })).toEqual(before);
  });

  it("dashboard forms say the same: an outage is never 'Something went wrong' or a field error", async () => {
    const { user } = await signedIn("outage-dashboard");
    await database.cut();
    const error = await db.user.update({ where: { id: user.id }, data: { name: "Renamed during the outage" } }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(formFailureOf(error, "changeNameAction")).toEqual({ ok: false, fieldErrors: { form: BRIEFLY_UNAVAILABLE } });
    await database.restore();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("outage-dashboard");
  });

  it("signing in says the service is unavailable, not 'wrong email or password'", async () => {
    const credentials = authOptions().providers.find((provider) => provider.id === "credentials") as unknown as {
      options: { authorize: (credentials: Record<string, string>, request: { headers: Record<string, string> }) => Promise<unknown> };
    };
    const user = await db.user.create({ data: { email: `outage-signin-${Date.now()}@example.test`, passwordHash: "not-a-real-hash" } });
    await database.cut();
    const refused = await credentials.options.authorize({ email: user.email, password: "whatever-it-is" }, { headers: { "x-forwarded-for": "198.51.100.9" } }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((refused as Error).message).toBe("ServiceUnavailable");
  });

  it("other errors still go their way: answerOutage swallows only the outage", async () => {
    await expect(answerOutage("test", () => Promise.reject(new Error("a bug")))).rejects.toThrow("a bug");
  });
});

describe("pages during an outage", () => {
  // A failed probe is remembered for a second (lib/platform/db/probe.ts): let it lapse between cases.
  afterEach(async () => {
    await database.restore();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  });

  it.each(["/p/acme/posts/abc", "/w/acme", "/sign-in", "/invitations/some-token", "/verify-email?token=x"])(
    "%s answers 503 on the very first request after the database stops, right after a success",
    async (path) => {
      const before = await proxy(new NextRequest(`http://localhost${path}`));
      expect(before.headers.get("x-middleware-next")).toBe("1");
      await database.cut();
      const during = await proxy(new NextRequest(`http://localhost${path}`));
      expect(during.status).toBe(503);
      expect(during.headers.get("retry-after")).toBe("10");
      expect(await during.text()).toContain("<h1>Temporarily unavailable</h1>");
    },
  );
});
