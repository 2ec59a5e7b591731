import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/platform/auth/password";
import { RESET_NETWORKS, RESET_PER_NETWORK } from "@/lib/platform/auth/throttles";
import { activeSession, startSession } from "@/lib/platform/auth/sessions";
import { db } from "@/lib/platform/db/client";
import { settleMail } from "@/lib/platform/mail/send-mail";
import { hashToken } from "@/lib/platform/tokens/email-token";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { checkResetLink, RESET_LINK_PROBLEMS, resetPassword } from "@/lib/domain/users/reset-password";
import { uniqueSuffix } from "../support/api";
import { linkIn, startSmtpServer } from "../support/smtp";
import { holdClock } from "../support/held-clock";

// Password reset, over a real SMTP server started here, the app's mail going out through
// nodemailer as in production; sign-in checked through the credentials provider next-auth calls.
process.env.AUTH_IP_LIMIT_FACTOR = "1";
const { authOptions } = await import("@/lib/surfaces/auth/options");
type Authorize = (credentials: Record<string, string>, request: { headers: Record<string, string> }) => Promise<{ id: string } | null>;
const provider = authOptions().providers.find((candidate) => candidate.id === "credentials")!;
const authorize = (provider as unknown as { options: { authorize: Authorize } }).options.authorize;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const OLD = "the-old-password-1";
const NEW = "a-brand-new-password";
let ipCounter = 0;
const origin = () => ({ ip: `198.51.100.${++ipCounter}` });
const signsIn = async (email: string, password: string) => (await authorize({ email, password }, { headers: { "x-client-ip": `203.0.113.${++ipCounter % 250}` } })) !== null;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.NEXTAUTH_URL = "https://app.example.test";
});
afterAll(async () => {
  await settleMail();
  await smtp.close();
  delete process.env.SMTP_URL;
});

async function account(label: string) {
  const email = `${label}-${uniqueSuffix()}@example.test`;
  return db.user.create({ data: { email, passwordHash: await hashPassword(OLD) } });
}

/** Asks for a reset and returns the token from the link in the `count`-th mail. */
async function mailedToken(typed: string, count = 1) {
  const email = typed.trim().toLowerCase();
  expect(await requestPasswordReset({ email: typed }, origin())).toEqual({ ok: true, data: { email } });
  const mail = await smtp.mailTo(email, count);
  expect(mail.subject).toBe("Reset your password");
  expect(mail.text).toContain("expires in 60 minutes");
  const link = linkIn(mail.text, "/reset-password/");
  expect(link.startsWith("https://app.example.test/reset-password/")).toBe(true);
  return link.split("/reset-password/")[1]!;
}

describe("forgot password → mailed link → new password", () => {
  it("the new password works; the old one and every session of the account do not", async () => {
    const user = await account("reset");
    const laptop = await startSession(user.id);
    const phone = await startSession(user.id);
    const token = await mailedToken(` ${user.email.toUpperCase()} `);
    // Only the hash is stored.
    expect(await db.emailToken.count({ where: { tokenHash: hashToken(token), purpose: "RESET_PASSWORD", userId: user.id } })).toBe(1);
    expect(await checkResetLink(token)).toEqual({ ok: true, email: user.email });

    expect(await resetPassword({ token, password: NEW })).toEqual({ ok: true, data: { email: user.email } });
    expect(await signsIn(user.email, NEW)).toBe(true);
    expect(await signsIn(user.email, OLD)).toBe(false);
    expect(await activeSession(laptop)).toBeNull();
    expect(await activeSession(phone)).toBeNull();
    // Receiving the link proved the address.
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("a used link is refused, and so are the account's other links once one was used", async () => {
    const user = await account("once");
    const first = await mailedToken(user.email, 1);
    const second = await mailedToken(user.email, 2);
    expect(await resetPassword({ token: second, password: NEW })).toMatchObject({ ok: true });
    expect(await resetPassword({ token: second, password: "yet-another-password" })).toEqual({ ok: false, fieldErrors: { form: RESET_LINK_PROBLEMS.used } });
    expect(await checkResetLink(first)).toEqual({ ok: false, reason: "used" });
    expect(await signsIn(user.email, NEW)).toBe(true);
  });

  it("an expired link is refused and changes nothing", async () => {
    const user = await account("late");
    const token = await mailedToken(user.email);
    await db.emailToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await checkResetLink(token)).toEqual({ ok: false, reason: "expired" });
    expect(await resetPassword({ token, password: NEW })).toEqual({ ok: false, fieldErrors: { form: RESET_LINK_PROBLEMS.expired } });
    expect(await signsIn(user.email, OLD)).toBe(true);
  });

  it("a password breaking the sign-up rules is refused without using the link; a forged link is refused", async () => {
    const user = await account("rules");
    const token = await mailedToken(user.email);
    expect(await resetPassword({ token, password: "short" })).toEqual({ ok: false, fieldErrors: { password: "Use at least 10 characters." } });
    expect(await resetPassword({ token, password: "x".repeat(201) })).toEqual({ ok: false, fieldErrors: { password: "Use at most 200 characters." } });
    expect(await checkResetLink(token)).toEqual({ ok: true, email: user.email });
    for (const forged of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "", "%00", 42, null]) {
      expect(await resetPassword({ token: forged, password: NEW })).toEqual({ ok: false, fieldErrors: { form: RESET_LINK_PROBLEMS.invalid } });
    }
    expect(await signsIn(user.email, OLD)).toBe(true);
  });

  it("an address without an account gets the same answer and no mail", async () => {
    const email = `nobody-${uniqueSuffix()}@example.test`;
    expect(await requestPasswordReset({ email }, origin())).toEqual({ ok: true, data: { email } });
    await settleMail();
    expect(smtp.mailsTo(email)).toEqual([]);
    expect(await requestPasswordReset({ email: "not an address" }, origin())).toEqual({ ok: false, fieldErrors: { email: "Enter a valid email address." } });
  });
});

describe("reset throttle", () => {
  it("ten requests a minute for one address: the sixth on are refused with how long to wait, known address or not", async () => {
    holdClock();
    for (const email of [(await account("flood")).email, `unknown-${uniqueSuffix()}@example.test`]) {
      const answers = [];
      for (let attempt = 0; attempt < 10; attempt++) answers.push(await requestPasswordReset({ email }, origin()));
      expect(answers.slice(0, 5).every((answer) => answer.ok)).toBe(true);
      for (const answer of answers.slice(5)) {
        expect(answer).toEqual({ ok: false, fieldErrors: { form: expect.stringMatching(/^Too many reset requests from here or for this address\. Try again in (a minute|\d+ minutes)\.$/) } });
      }
    }
    await settleMail();
  });

  it("one client asking for many addresses is stopped after 20", async () => {
    holdClock();
    const ip = "192.0.2.77";
    const answers = [];
    for (let attempt = 0; attempt < 21; attempt++) answers.push((await requestPasswordReset({ email: `walk-${attempt}-${uniqueSuffix()}@example.test` }, { ip })).ok);
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(answers.at(-1)).toBe(false);
  });
});

describe("a stranger asking for someone else's reset link", () => {
  const REFUSED = { ok: false, fieldErrors: { form: expect.stringMatching(/^Too many reset requests from here or for this address\. Try again in (a minute|\d+ minutes)\.$/) } };
  const answersFor = async (email: string, ips: string[]) => {
    const answers = [];
    for (const ip of ips) answers.push(await requestPasswordReset({ email }, { ip }));
    return answers;
  };
  const granted = (email: string) => ({ ok: true, data: { email } });

  it("spends only their own network's allowance: the owner on another network still gets a working reset mail, known address or not alike", async () => {
    holdClock();
    const owner = await account("targeted");
    const nobody = `nobody-${uniqueSuffix()}@example.test`;
    // Twelve requests from one /24, changing address within it each time, for each address.
    const stranger = Array.from({ length: 12 }, (_, n) => `198.18.7.${10 + n}`);
    const strangerNobody = Array.from({ length: 12 }, (_, n) => `198.18.8.${10 + n}`);
    const known = await answersFor(owner.email, stranger);
    const unknown = await answersFor(nobody, strangerNobody);
    expect(known).toEqual([...Array(RESET_PER_NETWORK).fill(granted(owner.email)), ...Array(12 - RESET_PER_NETWORK).fill(REFUSED)]);
    // The visitor cannot tell the two addresses apart by the answers.
    expect(unknown).toEqual([...Array(RESET_PER_NETWORK).fill(granted(nobody)), ...Array(12 - RESET_PER_NETWORK).fill(REFUSED)]);
    await smtp.mailTo(owner.email, RESET_PER_NETWORK);

    // The owner, at home on another network: answered as anyone, and the mail arrives.
    expect(await requestPasswordReset({ email: owner.email }, { ip: "203.0.113.77" })).toEqual(granted(owner.email));
    const mail = await smtp.mailTo(owner.email, RESET_PER_NETWORK + 1);
    expect(mail.subject).toBe("Reset your password");
    const token = linkIn(mail.text, "/reset-password/").split("/reset-password/")[1]!;
    expect(await resetPassword({ token, password: NEW })).toEqual({ ok: true, data: { email: owner.email } });
    expect(await signsIn(owner.email, NEW)).toBe(true);
    await settleMail();
    expect(smtp.mailsTo(owner.email)).toHaveLength(RESET_PER_NETWORK + 1);
    expect(smtp.mailsTo(nobody)).toEqual([]);
  });

  it("on IPv6 a whole /64 is one network: walking its addresses gets no further; another /64 is another network", async () => {
    holdClock();
    const owner = await account("six");
    const walking = Array.from({ length: 8 }, (_, n) => `2001:db8:77:1::${(n + 1).toString(16)}`);
    const answers = await answersFor(owner.email, walking);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(RESET_PER_NETWORK);
    expect(answers.slice(RESET_PER_NETWORK)).toEqual(Array(8 - RESET_PER_NETWORK).fill(REFUSED));
    expect(await requestPasswordReset({ email: owner.email }, { ip: "2001:db8:77:2::1" })).toEqual(granted(owner.email));
    await smtp.mailTo(owner.email, RESET_PER_NETWORK + 1);
  });

  it("the owner's inbox gets at most a few networks' worth an hour, however many networks ask", async () => {
    holdClock();
    const owner = await account("inbox");
    const nobody = `nobody-${uniqueSuffix()}@example.test`;
    const networks = RESET_NETWORKS + 2;
    for (const email of [owner.email, nobody]) {
      const ips = Array.from({ length: networks }, (_, network) => Array.from({ length: RESET_PER_NETWORK + 1 }, (_, n) => `198.19.${network + (email === nobody ? 100 : 0)}.${n + 1}`)).flat();
      const answers = await answersFor(email, ips);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(RESET_PER_NETWORK * RESET_NETWORKS);
      expect(answers.filter((answer) => !answer.ok)).toEqual(Array(answers.length - RESET_PER_NETWORK * RESET_NETWORKS).fill(REFUSED));
    }
    await smtp.mailTo(owner.email, RESET_PER_NETWORK * RESET_NETWORKS);
    await settleMail();
    expect(smtp.mailsTo(owner.email)).toHaveLength(RESET_PER_NETWORK * RESET_NETWORKS);
  });
});
