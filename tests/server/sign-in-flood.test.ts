import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/platform/auth/password";
import { recordSignInFailure } from "@/lib/platform/auth/sign-in-delays";
import { db } from "@/lib/platform/db/client";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { uniqueSuffix } from "../support/api";
import { startProductionServer } from "../support/production-server";
import { startSmtpServer } from "../support/smtp";

// The attack on the old hard lock, end to end over HTTP: someone who knows an owner's address
// floods the sign-in form with wrong passwords to keep the owner out. Here the production server
// sits behind one trusted proxy (TRUSTED_PROXY_HOPS=1), so X-Forwarded-For names each side's
// network address as a real proxy would; the owner's warning mail goes over a real SMTP server.
// Needs `npm run build` first, and is skipped without one.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");
const PASSWORD = "correct-horse-battery";
const ATTACKER = "198.51.100.23";
const HOME = "203.0.113.80";

let server: ChildProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let email: string;

beforeAll(async () => {
  if (!built) return;
  smtp = await startSmtpServer();
  email = `flooded-owner-${uniqueSuffix()}@example.test`;
  await db.user.create({ data: { email, name: "Flooded Owner", passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() } });
  server = await startProductionServer(PORT, { NEXTAUTH_URL: BASE, TRUSTED_PROXY_HOPS: "1", AUTH_IP_LIMIT_FACTOR: "1", SMTP_URL: smtp.url }, 90_000);
});
afterAll(async () => {
  server?.kill("SIGTERM");
  await smtp?.close();
});

/** The sign-in form's request, as the browser sends it through the proxy from `from`. */
async function signIn(password: string, from: string): Promise<{ status: number; error: string | null; session: boolean; retryAfter: string | null }> {
  const headers = { "x-forwarded-for": from };
  const csrf = await fetch(`${BASE}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  const answer = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: "/workspaces" }),
    redirect: "manual",
  });
  const { url } = (await answer.json()) as { url: string };
  return {
    status: answer.status,
    error: new URL(url, BASE).searchParams.get("error"),
    session: answer.headers.getSetCookie().some((value) => value.startsWith("next-auth.session-token=")),
    retryAfter: answer.headers.get("retry-after"),
  };
}

describe.skipIf(!built)("a wrong-password flood against an owner's address (server.ts behind a proxy)", () => {
  it("30 wrong passwords from one address: that address waits, the owner signs in from another at once and is mailed once", async () => {
    const flood = [];
    for (let attempt = 0; attempt < 30; attempt++) flood.push(await signIn(`guess-${attempt}`, ATTACKER));
    // Five are checked and refused as wrong; then the attacker's own address is made to wait. A wait
    // that runs out between two requests (1 s, then 2, 4 …: a slow machine takes that long per
    // request) lets one more guess be checked, which doubles the next wait: few get through.
    expect(flood.slice(0, 5).map((answer) => answer.error)).toEqual(Array(5).fill("CredentialsSignin"));
    const later = flood.slice(5);
    for (const answer of later) {
      expect(answer.session).toBe(false);
      if (answer.status === 429) {
        expect(answer.error).toMatch(/^TooManyAttempts_\d+$/);
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      } else {
        expect(answer.error).toBe("CredentialsSignin");
      }
    }
    const checkedLater = later.filter((answer) => answer.status !== 429).length;
    expect(checkedLater).toBeLessThanOrEqual(5);
    expect(later.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(20);

    // The owner, from home, with the right password, in the middle of the flood: signed in.
    const owner = await signIn(PASSWORD, HOME);
    expect(owner).toMatchObject({ status: 200, error: null, session: true });
    // The attacker, even with the right password, still waits out its own delay (made a minute
    // long here, so the check does not depend on how fast this machine answers).
    for (let failure = 0; failure < 6; failure++) await recordSignInFailure(email, ATTACKER);
    expect(await signIn(PASSWORD, ATTACKER)).toMatchObject({ status: 429, session: false });

    // Only checked passwords count towards the owner's warning (ten an hour): the flood's, and
    // more from other addresses, as a spread-out attack would send them. The tenth sends the mail.
    const spread = Math.max(0, 10 - (5 + checkedLater));
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(`spread-${attempt}`, `192.0.2.${10 + attempt}`)).error).toBe("CredentialsSignin");
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe("Failed sign-ins to your account");
    const networks = 1 + spread;
    expect(mail.text).toContain(`there were 10 failed sign-ins to the Workspace account with this address, from ${networks} network address${networks === 1 ? "" : "es"}.`);
    expect(mail.text).toContain(`${BASE}/forgot-password?email=${encodeURIComponent(email)}`);
    expect(smtp.mailsTo(email)).toHaveLength(1);
  }, 180_000);
});
