import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as verifyRoute from "@/app/verify-email/route";
import { db } from "@/lib/platform/db/client";
import { acceptInvitation, declineInvitation } from "@/lib/domain/invitations/accept-invitation";
import { findInvitationByToken, listMyInvitations } from "@/lib/domain/invitations/find-invitation";
import { settleMail } from "@/lib/platform/mail/send-mail";
import { addMember } from "@/lib/domain/members/add-member";
import { changeInvitationRole } from "@/lib/domain/members/change-invitation-role";
import { hashToken } from "@/lib/platform/tokens/email-token";
import { verifyPassword } from "@/lib/platform/auth/password";
import { isOperator } from "@/lib/domain/plans/operators";
import { registerAccount } from "@/lib/domain/users/register-account";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { resetPassword } from "@/lib/domain/users/reset-password";
import { getWorkspaceActorOrThrow } from "@/lib/domain/access/actor";
import { seedTenant, uniqueSuffix } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";
import { linkIn, startSmtpServer } from "../support/smtp";
import { sessionCookieFor } from "../support/session-cookie";

// The identity flows end to end over a real SMTP server started here, the
// app's mail going out through nodemailer exactly as in production.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const PASSWORD = "correct-horse-battery";
const address = (label: string) => `${label}-${uniqueSuffix()}@example.test`;
const origin = { ip: "198.51.100.7" };

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.NEXTAUTH_URL = "https://app.example.test";
  process.env.MAIL_FROM = "Workspace <no-reply@app.example.test>";
});
afterAll(async () => {
  await settleMail();
  await smtp.close();
  delete process.env.SMTP_URL;
});

/** Follows a verification link, signed in to `as` (as the browser that signed up is) or signed out. */
async function follow(link: string, as?: { id: string; email: string }) {
  const headers = as ? { cookie: await sessionCookieFor(as) } : undefined;
  const response = await verifyRoute.GET(new Request(link, { headers }));
  return { status: response.status, location: response.headers.get("location") };
}

/** A signed-up account that followed its verification link, as a real invitee would have. */
async function verifiedAccount(label: string) {
  const email = address(label);
  expect(await registerAccount({ email, password: PASSWORD, name: label }, origin)).toEqual({ ok: true, data: { email } });
  const mail = await smtp.mailTo(email);
  const account = await db.user.findUniqueOrThrow({ where: { email } });
  expect((await follow(linkIn(mail.text, "/verify-email?token="), account)).location).toMatch(/\/workspaces\?email=verified$/);
  return db.user.findUniqueOrThrow({ where: { email } });
}

describe("sign-up → verification mail → link → verified", () => {
  it("the link in the mail proves the address, once", async () => {
    const email = address("newcomer");
    const answer = await registerAccount({ email: email.toUpperCase(), password: PASSWORD, name: "Nia" }, origin);
    expect(answer).toEqual({ ok: true, data: { email } });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerifiedAt).toBeNull();

    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe("Verify your email address");
    expect(mail.from).toBe("no-reply@app.example.test");
    const link = linkIn(mail.text, "/verify-email?token=");
    expect(link.startsWith("https://app.example.test/verify-email?token=")).toBe(true);
    expect(mail.html).toContain(link.replaceAll("&", "&amp;"));

    // Only the hash is stored: the token in the link is nowhere in the table.
    const raw = new URL(link).searchParams.get("token")!;
    const row = await db.emailToken.findFirstOrThrow({ where: { userId: user.id, purpose: "VERIFY_EMAIL" } });
    expect(row.tokenHash).toBe(hashToken(raw));
    expect(JSON.stringify(await db.emailToken.findMany())).not.toContain(raw);

    expect(await follow(link, user)).toEqual({ status: 303, location: "https://app.example.test/workspaces?email=verified" });
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeInstanceOf(Date);
    // A second visit (a mail scanner got there first) still says verified, and changes nothing.
    expect((await follow(link)).location).toMatch(/email=verified$/);
  });

  it("a wrong, edited or expired link verifies nothing", async () => {
    const email = address("late");
    await registerAccount({ email, password: PASSWORD }, origin);
    const link = linkIn((await smtp.mailTo(email)).text, "/verify-email?token=");
    expect((await follow(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`)).location).toMatch(/email=invalid$/);
    expect((await follow("https://app.example.test/verify-email")).location).toMatch(/email=invalid$/);
    expect((await follow("https://app.example.test/verify-email?token=%0A%00")).location).toMatch(/email=invalid$/);
    await db.emailToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await follow(link)).location).toMatch(/email=expired$/);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
  });

  it("followed signed out, the link sends the visitor to sign in and back, and verifies nothing until then", async () => {
    const email = address("elsewhere");
    await registerAccount({ email, password: PASSWORD }, origin);
    const link = linkIn((await smtp.mailTo(email)).text, "/verify-email?token=");
    const answer = await follow(link);
    expect(answer.status).toBe(303);
    const signIn = new URL(answer.location!);
    expect(signIn.pathname).toBe("/sign-in");
    expect(signIn.searchParams.get("callbackUrl")).toBe(`/verify-email${new URL(link).search}`);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerifiedAt).toBeNull();
    // Another account's session is no better than none.
    expect(new URL((await follow(link, await verifiedAccount("bystander"))).location!).pathname).toBe("/sign-in");
    expect((await follow(link, user)).location).toMatch(/email=verified$/);
  });

  it("an address pre-registered by a stranger: the owner's click verifies nothing, the owner's reset makes the account theirs, and only then is an operator recognised", async () => {
    const email = address("operator");
    const operators = { OPERATOR_EMAILS: email };
    const strangersPassword = "stranger-chose-this";
    // The stranger signs up with the operator's address in another letter case.
    expect(await registerAccount({ email: email.toUpperCase(), password: strangersPassword, name: "Mallory" }, { ip: "203.0.113.66" })).toEqual({ ok: true, data: { email } });
    const stranger = await db.user.findUniqueOrThrow({ where: { email } });
    const strangersSession = await sessionCookieFor(stranger);

    // The operator clicks the mail they never asked for, signed out: nothing is verified.
    const link = linkIn((await smtp.mailTo(email)).text, "/verify-email?token=");
    expect(new URL((await follow(link)).location!).pathname).toBe("/sign-in");
    const pending = await db.user.findUniqueOrThrow({ where: { email } });
    expect(pending.emailVerifiedAt).toBeNull();
    expect(isOperator({ email, emailVerified: pending.emailVerifiedAt !== null }, operators)).toBe(false);

    // "Forgot password?" proves the address and sets the operator's own password.
    expect((await requestPasswordReset({ email }, origin)).ok).toBe(true);
    const resetLink = linkIn((await smtp.mailTo(email, 2)).text, "/reset-password/");
    const token = new URL(resetLink).pathname.split("/reset-password/")[1];
    expect(await resetPassword({ token, password: "the-operators-own" })).toEqual({ ok: true, data: { email } });
    const owned = await db.user.findUniqueOrThrow({ where: { email } });
    expect(owned.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(owned.passwordHash!, strangersPassword)).toBe(false);
    expect(await verifyPassword(owned.passwordHash!, "the-operators-own")).toBe(true);
    expect(isOperator({ email, emailVerified: true }, operators)).toBe(true);
    // The stranger's session ended with the reset.
    const signedIn = await verifyRoute.GET(new Request(link, { headers: { cookie: strangersSession } }));
    expect(new URL(signedIn.headers.get("location")!).pathname).toBe("/sign-in");
  });

  it("an address that has an account gets the same answer, its owner a notice, and nothing changes", async () => {
    const owner = await verifiedAccount("owner");
    const answer = await registerAccount({ email: owner.email, password: "someone-elses-password", name: "Mallory" }, origin);
    expect(answer).toEqual({ ok: true, data: { email: owner.email } });
    const notice = await smtp.mailTo(owner.email, 2);
    expect(notice.subject).toBe("Someone tried to create an account with your address");
    expect(notice.text).not.toContain("verify-email");
    expect(await db.user.findUniqueOrThrow({ where: { email: owner.email } })).toEqual(owner);
  });
});

describe("invitation mail → link → member with the invited role", () => {
  it("the invitee follows the mailed link and joins with the role the invitation grants when accepted", async () => {
    const tenant = await seedTenant();
    const invitee = await verifiedAccount("invitee");
    const owner = await actorOf(tenant, tenant.owner);
    const { invitationId } = await addMember(owner, { email: invitee.email, role: "VIEWER" }, origin);
    const mail = await smtp.mailTo(invitee.email, 2);
    expect(mail.subject).toBe(`owner invited you to ${(await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id } })).name} on Workspace`);
    const link = linkIn(mail.text, "/invitations/");
    const token = link.split("/invitations/")[1]!;
    expect(await db.membership.count({ where: { userId: invitee.id } })).toBe(0);

    // Re-roled after the mail went out: the link grants the role as it is now.
    await changeInvitationRole(owner, { invitationId, role: "ADMIN" });
    expect(await findInvitationByToken(token)).toMatchObject({ ok: true, invitation: { email: invitee.email, role: "ADMIN" } });
    expect(await listMyInvitations(invitee.id)).toEqual([expect.objectContaining({ id: invitationId, role: "ADMIN" })]);

    const accepted = await acceptInvitation(invitee.id, { token });
    expect(accepted).toEqual({ workspace: { slug: tenant.workspace.slug, name: expect.any(String) }, role: "ADMIN" });
    expect((await getWorkspaceActorOrThrow(invitee.id, tenant.workspace.slug)).role).toBe("ADMIN");
    // Single use: the invitation and its links are gone.
    await expectApiError(acceptInvitation(invitee.id, { token }), "NOT_FOUND");
    expect(await findInvitationByToken(token)).toEqual({ ok: false, reason: "invalid" });
    expect(await db.emailToken.count({ where: { invitationId } })).toBe(0);
  });

  it("an expired invitation link is refused, and a resent one works", async () => {
    const tenant = await seedTenant();
    const invitee = await verifiedAccount("slow");
    const owner = await actorOf(tenant, tenant.owner);
    const { invitationId } = await addMember(owner, { email: invitee.email, role: "MEMBER" }, origin);
    const first = linkIn((await smtp.mailTo(invitee.email, 2)).text, "/invitations/").split("/invitations/")[1]!;
    await db.invitation.update({ where: { id: invitationId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await db.emailToken.updateMany({ where: { invitationId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await expectApiError(acceptInvitation(invitee.id, { token: first }), "NOT_FOUND")).message).toMatch(/expired/);

    const { resendInvitation } = await import("@/lib/domain/members/resend-invitation");
    await resendInvitation(owner, { invitationId }, origin);
    const second = linkIn((await smtp.mailTo(invitee.email, 3)).text, "/invitations/").split("/invitations/")[1]!;
    expect(second).not.toBe(first);
    expect((await acceptInvitation(invitee.id, { token: second })).role).toBe("MEMBER");
  });
});

describe("the takeover and squatting sequences end with the attacker outside", () => {
  it("takeover: invited as admin, an attacker signs up with the invited address and gets nothing", async () => {
    const tenant = await seedTenant();
    const victimAddress = address("invited-admin");
    const { invitationId } = await addMember(await actorOf(tenant, tenant.owner), { email: victimAddress, role: "ADMIN" }, origin);
    const invitationMail = await smtp.mailTo(victimAddress);

    // The attacker signs up with that address (and signs in: unverified accounts may).
    expect(await registerAccount({ email: victimAddress, password: "attacker-password", name: "Mallory" }, { ip: "203.0.113.66" })).toEqual({
      ok: true,
      data: { email: victimAddress },
    });
    const attacker = await db.user.findUniqueOrThrow({ where: { email: victimAddress } });
    expect(attacker.emailVerifiedAt).toBeNull();
    expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, userId: attacker.id } })).toBe(0);
    expect(await listMyInvitations(attacker.id)).toEqual([]);
    await expectApiError(acceptInvitation(attacker.id, { invitationId }), "FORBIDDEN");
    // Even holding the mailed link (which went to the victim's inbox, not theirs), an unproven address cannot accept.
    const token = linkIn(invitationMail.text, "/invitations/").split("/invitations/")[1]!;
    await expectApiError(acceptInvitation(attacker.id, { token }), "FORBIDDEN");
    await expectApiError(getWorkspaceActorOrThrow(attacker.id, tenant.workspace.slug), "NOT_FOUND");
    expect(await db.invitation.count({ where: { id: invitationId } })).toBe(1);
  });

  it("squatting: an attacker registers a colleague's address first; when an owner adds it, the attacker still is outside", async () => {
    const tenant = await seedTenant();
    const colleague = address("colleague");
    await registerAccount({ email: colleague, password: "attacker-password", name: "Mallory" }, { ip: "203.0.113.67" });
    const squatter = await db.user.findUniqueOrThrow({ where: { email: colleague } });

    const added = await addMember(await actorOf(tenant, tenant.owner), { email: colleague, role: "MEMBER" }, origin);
    expect(added.kind).toBe("invitation");
    expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, userId: squatter.id } })).toBe(0);
    // The link goes to the address (the colleague's inbox): the squatter never sees it.
    // Two mails, verification and invitation, sent without waiting: either may arrive first.
    await smtp.mailTo(colleague, 2);
    expect(smtp.mailsTo(colleague).map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/invited you to/));
    await expectApiError(acceptInvitation(squatter.id, { invitationId: added.invitationId }), "FORBIDDEN");
    await expectApiError(getWorkspaceActorOrThrow(squatter.id, tenant.workspace.slug), "NOT_FOUND");
  });

  it("an account with another proven address cannot accept someone else's invitation, even with its link", async () => {
    const tenant = await seedTenant();
    const target = address("target");
    await addMember(await actorOf(tenant, tenant.owner), { email: target, role: "ADMIN" }, origin);
    const token = linkIn((await smtp.mailTo(target)).text, "/invitations/").split("/invitations/")[1]!;
    const outsider = await verifiedAccount("outsider");
    const refused = await expectApiError(acceptInvitation(outsider.id, { token }), "FORBIDDEN");
    // The refusal names the invited address masked: the outsider learns no more than the page shows.
    expect(refused.message).toContain(`This invitation is for ${target[0]}•••@${target.split("@")[1]}.`);
    expect(refused.message).not.toContain(target);
    expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, userId: outsider.id } })).toBe(0);
  });

  it("another account answering someone else's invitation by its id or its link never learns the invited address", async () => {
    const tenant = await seedTenant();
    const target = address("jane");
    const { invitationId } = await addMember(await actorOf(tenant, tenant.owner), { email: target, role: "MEMBER" }, origin);
    const token = linkIn((await smtp.mailTo(target)).text, "/invitations/").split("/invitations/")[1]!;
    const outsider = await verifiedAccount("prober");
    const masked = `j•••@${target.split("@")[1]}`;
    for (const attempt of [
      () => acceptInvitation(outsider.id, { invitationId }),
      () => declineInvitation(outsider.id, { invitationId }),
      () => acceptInvitation(outsider.id, { token }),
      () => declineInvitation(outsider.id, { token }),
    ]) {
      const refused = await expectApiError(attempt(), "FORBIDDEN");
      expect(refused.message).toContain(masked);
      expect(refused.message).not.toContain(target);
    }
    expect(await db.invitation.count({ where: { id: invitationId } })).toBe(1);
  });
});

describe("a failed or slow mail server never fails or blocks the action", () => {
  it("sign-up answers at once while the mail server hangs, and when it refuses connections", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    try {
      for (const url of [`smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, `smtp://127.0.0.1:${closedPort}`]) {
        process.env.SMTP_URL = url;
        const email = address("unlucky");
        const started = performance.now();
        expect(await registerAccount({ email, password: PASSWORD }, origin)).toEqual({ ok: true, data: { email } });
        // Argon2 dominates; a send that waited for the server would take the 15 s deadline.
        expect(performance.now() - started).toBeLessThan(5_000);
        expect(await db.user.count({ where: { email } })).toBe(1);
      }
    } finally {
      process.env.SMTP_URL = smtp.url;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
