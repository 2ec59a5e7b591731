import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { issueUserToken, newEmailToken } from "@/lib/platform/tokens/email-token";
import { hashPassword } from "@/lib/platform/auth/password";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { seedPortal, type Portal } from "../public/fixtures";
import { startProductionServer } from "../support/production-server";
import { sessionCookieFor } from "../support/session-cookie";

// What one visitor can do to everyone else through the production server (server.ts), over real
// HTTP on the production build, behind one trusted proxy (TRUSTED_PROXY_HOPS=1) so that
// X-Forwarded-For names each client as a real proxy would: slow bodies that would hold every place
// for request bodies, a form posted from another site, a shared cache in front handing one
// visitor's variant of a portal page to another, and an invitation read by a stranger. Needs
// `npm run build` first, and is skipped without one.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");
const DEADLINE_SECONDS = 3;

let server: ChildProcess;
let portal: Portal;

beforeAll(async () => {
  if (!built) return;
  portal = await seedPortal();
  server = await startProductionServer(PORT, {
    NEXTAUTH_URL: BASE,
    TRUSTED_PROXY_HOPS: "1",
    REQUEST_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    HEADERS_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    MAX_UPLOADS_PER_CLIENT: "2",
    MAX_UPLOADS: "4",
  }, 90_000);
});
afterAll(() => {
  server?.kill("SIGTERM");
});

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Raw HTTP over a socket; `drip` sends the body a byte every 200 ms. Rejects when the connection closes without an answer. */
function rawRequest(head: string, body = "", drip = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(head);
      if (!drip) return void socket.write(body);
      let sent = 0;
      timer = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
      }, 200);
    });
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("close", () => {
      clearInterval(timer);
      if (!received) return reject(new Error("the connection closed without an answer"));
      const [headPart = "", bodyPart = ""] = received.split("\r\n\r\n", 2);
      resolve({ status: Number(headPart.split(" ")[1]), head: headPart, body: bodyPart });
    });
    socket.on("error", () => undefined);
  });
}

/** A server action's body sent a byte at a time from `from`: it holds a place until the deadline. Its status, or "cut". */
const slowBody = (from: string): Promise<number | "cut"> =>
  rawRequest(
    `POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nX-Forwarded-For: ${from}\r\nNext-Action: 0000000000000000000000000000000000000000\r\nContent-Length: 100\r\n\r\n`,
    "x".repeat(100),
    true,
  ).then((answer) => answer.status, () => "cut" as const);

/** An ordinary write from `from`: an API call without a key (401 when it is received at all). */
const ordinaryWrite = (from: string) =>
  rawRequest(`POST /api/v1/posts HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nX-Forwarded-For: ${from}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`, "{}");

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

function header(answer: RawAnswer, name: string): string | null {
  const line = answer.head.split("\r\n").find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(line.indexOf(":") + 1).trim() : null;
}

describe.skipIf(!built)("limits one client shares with everyone (production server)", () => {
  it("bodies in flight are counted per client network: another address of the same /24 gets no more places", async () => {
    const slow = [slowBody("198.51.100.1"), slowBody("198.51.100.2")];
    await settle();
    const third = await ordinaryWrite("198.51.100.3");
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ code: "RATE_LIMITED" });
    expect(await Promise.all(slow)).toEqual([408, 408]);
  });

  it("slow bodies filling every place overall do not stop another network's writes: the busiest network gives up a place", async () => {
    const slow = ["198.51.100.1", "198.51.100.2", "203.0.113.1", "203.0.113.2"].map(slowBody);
    await settle();
    // Every place is held: on a server without fairness this answered 503 until the deadline.
    const write = await ordinaryWrite("192.0.2.77");
    expect(write.status).toBe(401);
    // One slow body was cut off to make room; the others ran into the deadline.
    expect((await Promise.all(slow)).sort()).toEqual([408, 408, 408, "cut"]);
  });

  it("a server action posted from another site answers 403 with the error envelope, not 500", async () => {
    const answer = await rawRequest(
      `POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: https://evil.example\r\nNext-Action: 0000000000000000000000000000000000000000\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`,
      "[]",
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "FORBIDDEN" });
    const sameSite = await rawRequest(
      `POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${BASE}\r\nNext-Action: 0000000000000000000000000000000000000000\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`,
      "[]",
    );
    expect(sameSite.status).not.toBe(403);
    expect(sameSite.status).toBeLessThan(500);
  });

  it("a signed-out portal page kept by shared caches names in Vary every input that picks its variant, on a miss and on a hit", async () => {
    for (const path of [`/p/${portal.slug}`, `/p/${portal.slug}/roadmap`, `/p/${portal.slug}/de/roadmap`]) {
      for (const round of ["miss", "hit"]) {
        const answer = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nCookie: theme=dark\r\nConnection: close\r\n\r\n`);
        expect(answer.status, `${path} ${round}`).toBe(200);
        expect(header(answer, "cache-control"), `${path} ${round}`).toMatch(/public/);
        const vary = (header(answer, "vary") ?? "").toLowerCase().split(",").map((name) => name.trim());
        expect(vary, `${path} ${round}`).toEqual(expect.arrayContaining(["cookie", "accept-language"]));
      }
    }
  });

  it("an invitation opened signed out shows the invited address masked, nowhere in full", async () => {
    const invited = `jane.${Date.now()}@example.test`;
    const invitation = await db.invitation.create({
      data: { workspaceId: portal.workspaceId, email: invited, role: "MEMBER", expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const token = newEmailToken("INVITATION", invited);
    await db.emailToken.create({ data: { ...token.data, invitationId: invitation.id } });
    const answer = await fetch(`${BASE}/invitations/${token.raw}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    // Booleans: a failure would otherwise print the whole page.
    expect(html.includes("j•••@example.test"), "the masked address is shown").toBe(true);
    expect(html.includes(invited.split("@")[0]!), "the invited address is nowhere in the page or its data").toBe(false);
  });

  it("a verification link followed signed out (the address's owner, who never signed up) verifies nothing and asks to sign in; the account's own session verifies", async () => {
    const email = `pre-registered.${Date.now()}@example.test`;
    // A stranger's sign-up with this address, its password theirs.
    const account = await db.user.create({ data: { email, name: "Mallory", passwordHash: await hashPassword("stranger-chose-this") } });
    const { raw } = await issueUserToken("VERIFY_EMAIL", account);
    const signedOut = await fetch(`${BASE}/verify-email?token=${raw}`, { redirect: "manual" });
    expect(signedOut.status).toBe(303);
    const target = new URL(signedOut.headers.get("location")!);
    expect(target.pathname).toBe("/sign-in");
    expect(target.searchParams.get("callbackUrl")).toBe(`/verify-email?token=${raw}`);
    expect((await db.user.findUniqueOrThrow({ where: { id: account.id } })).emailVerifiedAt).toBeNull();

    const signedIn = await fetch(`${BASE}/verify-email?token=${raw}`, { redirect: "manual", headers: { cookie: await sessionCookieFor(account, BASE) } });
    expect(signedIn.headers.get("location")).toBe(`${BASE}/workspaces?email=verified`);
    expect((await db.user.findUniqueOrThrow({ where: { id: account.id } })).emailVerifiedAt).toBeInstanceOf(Date);
  });
});
