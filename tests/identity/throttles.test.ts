import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { addMember } from "@/lib/domain/members/add-member";
import { resendInvitation } from "@/lib/domain/members/resend-invitation";
import { requestEmailChange } from "@/lib/domain/users/request-email-change";
import { registerAccount } from "@/lib/domain/users/register-account";
import { sendVerificationEmail } from "@/lib/domain/users/send-verification-email";
import { createTestUser, seedTenant, uniqueSuffix } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";
import { holdClock } from "../support/held-clock";

// Sign-in, sign-up and the mails they cause are throttled per account or
// address and per client IP, through createRateLimiter, the limiter of the API (in-process here).
process.env.AUTH_IP_LIMIT_FACTOR = "1";
const { authOptions } = await import("@/lib/surfaces/auth/options");

type Authorize = (credentials: Record<string, string>, request: { headers: Record<string, string> }) => Promise<{ id: string } | null>;
const credentials = authOptions().providers.find((provider) => provider.id === "credentials")!;
const authorize = (credentials as unknown as { options: { authorize: Authorize } }).options.authorize;

const PASSWORD = "correct-horse-battery";
const address = (label: string) => `${label}-${uniqueSuffix()}@example.test`;
let ipCounter = 0;
const ip = () => `192.0.2.${++ipCounter}`;

// The waits of wrong passwords, and why no account is ever locked: tests/identity/sign-in-delays.test.ts.
describe("sign-in throttle", () => {
  it("without a known client IP there is no shared per-IP bucket for a stranger to spend for everyone", async () => {
    const anonymous = { headers: {} };
    for (let attempt = 0; attempt < 61; attempt++) {
      expect(await authorize({ email: address("anon"), password: "whatever-password" }, anonymous)).toBeNull();
    }
  });
});

describe("sign-up throttle (findings 3 and 8)", () => {
  it("5 sign-ups naming one address an hour, whether or not it has an account; then a clear message", async () => {
    holdClock();
    const email = address("popular");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await registerAccount({ email, password: PASSWORD }, { ip: ip() })).toEqual({ ok: true, data: { email } });
    }
    const refused = await registerAccount({ email, password: PASSWORD }, { ip: ip() });
    expect(refused).toEqual({ ok: false, fieldErrors: { form: expect.stringMatching(/^Too many sign-up attempts from here or for this address\. Try again in (a minute|\d+ minutes)\.$/) } });
  });

  it("20 sign-ups from one client IP an hour", async () => {
    holdClock();
    const clientIp = "203.0.113.20";
    for (let attempt = 0; attempt < 20; attempt++) expect((await registerAccount({ email: address("bulk"), password: PASSWORD }, { ip: clientIp })).ok).toBe(true);
    const email = address("bulk");
    expect((await registerAccount({ email, password: PASSWORD }, { ip: clientIp })).ok).toBe(false);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});

describe("verification and invitation mails", () => {
  it("5 mails to one address an hour: the resend button then says to wait", async () => {
    holdClock();
    const email = address("inbox");
    await registerAccount({ email, password: PASSWORD }, { ip: ip() }); // mail 1
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    for (let attempt = 0; attempt < 4; attempt++) expect(await sendVerificationEmail(user.id, { ip: ip() })).toEqual({ sent: true });
    expect(await sendVerificationEmail(user.id, { ip: ip() })).toEqual({ sent: false, reason: "throttled", retryAfterSeconds: expect.any(Number) });
    expect(await db.emailToken.count({ where: { userId: user.id } })).toBe(5);
  });

  const INVITE_REFUSED = /^Too many invitation mails to this address or from here\. Try again in (a minute|\d+ minutes)\.$/;

  /** A workspace that invites `email` and sends the invitation `mails` times in all (the first included). */
  async function inviteFromNewWorkspace(email: string, mails: number) {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    await addMember(actor, { email, role: "VIEWER" }, { ip: ip() });
    const invitation = await db.invitation.findFirstOrThrow({ where: { workspaceId: tenant.workspace.id, email } });
    for (let mail = 1; mail < mails; mail++) await resendInvitation(actor, { invitationId: invitation.id }, { ip: ip() });
    return { tenant, actor, invitationId: invitation.id };
  }

  it("one workspace sends one address at most 3 invitation mails an hour; the fourth is refused and changes nothing", async () => {
    holdClock();
    const email = address("invitee");
    const { actor, invitationId } = await inviteFromNewWorkspace(email, 3);
    const before = await db.invitation.findUniqueOrThrow({ where: { id: invitationId } });
    const error = await expectApiError(resendInvitation(actor, { invitationId }, { ip: ip() }), "RATE_LIMITED");
    expect(error.message).toMatch(INVITE_REFUSED);
    expect(await db.invitation.findUniqueOrThrow({ where: { id: invitationId } })).toEqual(before);
  });

  it("all workspaces together reach one address 12 times an hour; a refused workspace spends nothing of the others' share", async () => {
    holdClock();
    const email = address("popular");
    const greedy = await inviteFromNewWorkspace(email, 3);
    // Refused by its own workspace's budget: not counted against the address.
    await expectApiError(resendInvitation(greedy.actor, { invitationId: greedy.invitationId }, { ip: ip() }), "RATE_LIMITED");
    for (let workspace = 0; workspace < 3; workspace++) await inviteFromNewWorkspace(email, 3);
    const late = await seedTenant();
    const error = await expectApiError(addMember(await actorOf(late, late.owner), { email, role: "VIEWER" }, { ip: ip() }), "RATE_LIMITED");
    expect(error.message).toMatch(INVITE_REFUSED);
    expect(await db.invitation.count({ where: { workspaceId: late.workspace.id } })).toBe(0);
  });

  it("invitations, sign-ups and address changes naming an address never hold up its owner's own verification mail", async () => {
    const email = address("target");
    await registerAccount({ email, password: PASSWORD }, { ip: ip() }); // the owner's first link
    const owner = await db.user.findUniqueOrThrow({ where: { email } });
    for (let workspace = 0; workspace < 4; workspace++) await inviteFromNewWorkspace(email, 3);
    // A stranger signing up with the address (each mails its owner a notice) ...
    for (let attempt = 0; attempt < 4; attempt++) await registerAccount({ email, password: PASSWORD }, { ip: ip() });
    // ... and other accounts asking to move to it.
    for (let attempt = 0; attempt < 5; attempt++) {
      const stranger = await createTestUser(`mover-${attempt}`);
      expect((await requestEmailChange(stranger.id, { email }, { ip: ip() })).ok).toBe(true);
    }
    expect(await sendVerificationEmail(owner.id, { ip: ip() })).toEqual({ sent: true });
  });
});
