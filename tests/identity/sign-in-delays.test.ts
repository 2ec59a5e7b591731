import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/platform/auth/password";
import { withRetryAfter } from "@/lib/surfaces/auth/retry-after";
import { SIGN_IN_DELAYS, waitSecondsAfter } from "@/lib/platform/auth/sign-in-delays";
import { db } from "@/lib/platform/db/client";
import { settleMail } from "@/lib/platform/mail/send-mail";
import { changePassword } from "@/lib/domain/users/change-password";
import { uniqueSuffix } from "../support/api";
import { startSmtpServer } from "../support/smtp";

// The attack on the old lock: someone who knows an owner's address sends wrong passwords to keep
// the owner out. Through next-auth's authorize, as the sign-in form reaches it, on PostgreSQL, with
// the warning mail going over a real SMTP server. The clock is moved (Date only) instead of waited.
process.env.AUTH_IP_LIMIT_FACTOR = "1";
const { authOptions, TOO_MANY_ATTEMPTS } = await import("@/lib/surfaces/auth/options");

type Authorize = (credentials: Record<string, string>, request: { headers: Record<string, string> }) => Promise<{ id: string } | null>;
const provider = authOptions().providers.find((candidate) => candidate.id === "credentials")!;
const authorize = (provider as unknown as { options: { authorize: Authorize } }).options.authorize;

type Outcome = { result: "ok" | "wrong" } | { result: "wait"; seconds: number };
async function signIn(email: string, password: string, clientIp: string): Promise<Outcome> {
  try {
    return { result: (await authorize({ email, password }, { headers: { "x-client-ip": clientIp } })) ? "ok" : "wrong" };
  } catch (error) {
    const match = new RegExp(`^${TOO_MANY_ATTEMPTS}_(\\d+)$`).exec(String((error as Error).message));
    if (match) return { result: "wait", seconds: Number(match[1]) };
    throw error;
  }
}

const PASSWORD = "correct-horse-battery";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let clock = Date.parse("2026-11-25T10:00:00Z");
function advance(seconds: number) {
  clock += seconds * 1000;
  vi.setSystemTime(clock);
}

async function owner(label: string) {
  const email = `${label}-${uniqueSuffix()}@example.test`;
  await db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() } });
  return email;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.NEXTAUTH_URL = "https://app.example.test";
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await settleMail();
  await smtp.close();
  delete process.env.SMTP_URL;
});

describe("wrong passwords hold up the address that sends them, never the owner", () => {
  it("50 wrong passwords from A: the owner signs in from B at once; A waits longer each time; one mail; A gets in after its wait", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    advance(0);
    const email = await owner("owner");
    const attacker = "198.51.100.1";
    const home = "203.0.113.50";

    // The flood: five guesses are checked, then every further one is refused for a second.
    const flood: Outcome[] = [];
    for (let attempt = 0; attempt < 50; attempt++) flood.push(await signIn(email, `guess-${attempt}`, attacker));
    expect(flood.slice(0, 5)).toEqual(Array(5).fill({ result: "wrong" }));
    expect(flood.slice(5)).toEqual(Array(45).fill({ result: "wait", seconds: 1 }));

    // Meanwhile the owner, from home, with the right password: in at once.
    expect(await signIn(email, PASSWORD, home)).toEqual({ result: "ok" });

    // A keeps guessing, each time as soon as it may: the wait doubles after every wrong password.
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      const refused = await signIn(email, `later-guess-${round}`, attacker);
      expect(refused.result).toBe("wait");
      const seconds = (refused as { seconds: number }).seconds;
      waits.push(seconds);
      advance(seconds - 1);
      expect(await signIn(email, `too-soon-${round}`, attacker)).toEqual({ result: "wait", seconds: 1 });
      advance(1);
      expect(await signIn(email, `later-guess-${round}`, attacker)).toEqual({ result: "wrong" });
      expect(await signIn(email, PASSWORD, home)).toEqual({ result: "ok" });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32]);

    // A wrong password from a third address: counted for the mail, and no wait for it yet.
    expect(await signIn(email, "another-guess", "192.0.2.77")).toEqual({ result: "wrong" });

    // After its current wait, the right password from A itself works (whoever is there knows it).
    const last = await signIn(email, PASSWORD, attacker);
    expect(last).toEqual({ result: "wait", seconds: 64 });
    advance(64);
    expect(await signIn(email, PASSWORD, attacker)).toEqual({ result: "ok" });
    // ... and A starts again from zero for this account.
    expect(await signIn(email, "one-more-slip", attacker)).toEqual({ result: "wrong" });

    vi.useRealTimers();
    await settleMail();
    const mails = smtp.mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("Failed sign-ins to your account");
    // 5 + 6 from A, then one from the third address, when the tenth had already sent the mail: the
    // mail went out at the tenth failure, all from A.
    expect(mail!.text).toContain("In the last hour there were 10 failed sign-ins to the Workspace account with this address, from 1 network address.");
    expect(mail!.text).toContain("If it was you, no action is needed.");
    expect(mail!.text).toContain(`https://app.example.test/forgot-password?email=${encodeURIComponent(email)}`);
  });

  it("at most one warning an hour; the next hour's mail counts failures from every address", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    advance(3600);
    const email = await owner("hourly");
    const addresses = Array.from({ length: 12 }, (_, index) => `192.0.2.${100 + index}`);
    for (const address of addresses) expect(await signIn(email, "wrong-password", address)).toEqual({ result: "wrong" });
    advance(61 * 60);
    for (const address of addresses.slice(0, 10)) expect(await signIn(email, "wrong-password", address)).toEqual({ result: "wrong" });
    for (const address of addresses.slice(0, 3)) expect(await signIn(email, "wrong-password", address)).toEqual({ result: "wrong" });
    vi.useRealTimers();
    await settleMail();
    const mails = smtp.mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain("there were 10 failed sign-ins to the Workspace account with this address, from 10 network addresses.");
    expect(mails[1]!.text).toContain("there were 10 failed sign-ins to the Workspace account with this address, from 10 network addresses.");
    expect(await db.signInFailure.count({ where: { user: { email } } })).toBe(13);
  });

  it("the waits double from the fifth failure and stop at 15 minutes; per IP they start after 20", () => {
    const pair = SIGN_IN_DELAYS.freeFailuresPerAccountAndIp;
    expect([4, 5, 6, 7, 14, 15, 40].map((failures) => waitSecondsAfter(failures, pair))).toEqual([0, 1, 2, 4, 512, 900, 900]);
    expect(waitSecondsAfter(19, SIGN_IN_DELAYS.freeFailuresPerIp)).toBe(0);
    expect(waitSecondsAfter(20, SIGN_IN_DELAYS.freeFailuresPerIp)).toBe(1);
  });

  it("one address walking many accounts waits after 20 wrong passwords, whichever accounts; other addresses do not", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    advance(3 * 3600);
    const walker = "203.0.113.99";
    const outcomes: Outcome[] = [];
    for (let attempt = 0; attempt < 21; attempt++) outcomes.push(await signIn(`walk-${attempt}-${uniqueSuffix()}@example.test`, "whatever-password", walker));
    expect(outcomes.slice(0, 20)).toEqual(Array(20).fill({ result: "wrong" }));
    expect(outcomes[20]).toEqual({ result: "wait", seconds: 1 });
    const email = await owner("bystander");
    expect(await signIn(email, PASSWORD, "203.0.113.100")).toEqual({ result: "ok" });
  });

  it("the account page's current-password field shares the waits of the address, not of the account", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    advance(4 * 3600);
    const email = await owner("session");
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const session = { id: user.id, sessionId: "not-checked-here" };
    for (let attempt = 0; attempt < 5; attempt++) await signIn(email, `guess-${attempt}`, "198.51.100.20");
    const refused = await changePassword(session, { currentPassword: PASSWORD, newPassword: "a-brand-new-password" }, { ip: "198.51.100.20" });
    expect(refused).toEqual({ ok: false, fieldErrors: { currentPassword: "Too many attempts from this network. Try again in 1 second." } });
    const changed = await changePassword(session, { currentPassword: PASSWORD, newPassword: "a-brand-new-password" }, { ip: "203.0.113.51" });
    expect(changed.ok).toBe(true);
  });
});

describe("Retry-After on next-auth's answer", () => {
  it("the JSON answer of a refused sign-in becomes a 429 with Retry-After; other answers are untouched", async () => {
    const json = (url: string) => Response.json({ url });
    const refused = await withRetryAfter(json("https://app.example.test/sign-in?error=TooManyAttempts_17"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("17");
    expect(await refused.json()).toEqual({ url: "https://app.example.test/sign-in?error=TooManyAttempts_17" });

    const redirect = await withRetryAfter(new Response(null, { status: 302, headers: { location: "/sign-in?error=TooManyAttempts_4" } }));
    expect([redirect.status, redirect.headers.get("retry-after")]).toEqual([302, "4"]);

    const wrong = await withRetryAfter(json("https://app.example.test/sign-in?error=CredentialsSignin"));
    expect([wrong.status, wrong.headers.get("retry-after")]).toEqual([200, null]);
  });
});
