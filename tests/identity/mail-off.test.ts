import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VerifyEmailBanner } from "@/components/account/verify-email-banner";
import { db } from "@/lib/platform/db/client";
import { acceptInvitation } from "@/lib/domain/invitations/accept-invitation";
import { mailMode } from "@/lib/platform/mail/config";
import { MAIL_NOTICES } from "@/lib/platform/mail/mail-notices";
import { deliver, settleMail } from "@/lib/platform/mail/send-mail";
import { addMember } from "@/lib/domain/members/add-member";
import { copyInvitationLink } from "@/lib/domain/members/resend-invitation";
import { confirmAddressByOperator } from "@/lib/domain/users/confirm-address-by-operator";
import { registerAccount } from "@/lib/domain/users/register-account";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { resetLinkForOperator } from "@/lib/domain/users/reset-link-for-operator";
import { resetPassword } from "@/lib/domain/users/reset-password";
import { seedTenant, uniqueSuffix } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";
import { startSmtpServer } from "../support/smtp";

// An instance whose operator chose MAIL_TRANSPORT=none. An SMTP server listens and SMTP_URL even
// points at it, to show that nothing is sent all the same; the answers say what happens instead,
// and accounts are confirmed by the operator (`npm run users -- confirm <email>`).
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const PASSWORD = "correct-horse-battery";
const address = (label: string) => `${label}-${uniqueSuffix()}@example.test`;
const origin = { ip: "198.51.100.30" };
const CLAIMS_A_MAIL = /we sent|we will send|on its way|we mail|in the development outbox|check (your|the) (inbox|spam)/i;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_TRANSPORT = "none";
  process.env.NEXTAUTH_URL = "https://app.example.test";
});
afterAll(async () => {
  await settleMail();
  await smtp.close();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_TRANSPORT;
});

describe("with MAIL_TRANSPORT=none", () => {
  it("nothing is delivered, and delivery says so", async () => {
    expect(mailMode()).toBe("off");
    expect(await deliver({ to: "someone@example.test", subject: "s", text: "t", html: "<p>t</p>" })).toBe(false);
    expect(smtp.received).toHaveLength(0);
  });

  it("sign-up: the account is made, no mail goes out, and the answer does not say one did", async () => {
    const email = address("newcomer");
    expect(await registerAccount({ email, password: PASSWORD }, origin)).toEqual({ ok: true, data: { email } });
    await settleMail();
    expect(smtp.mailsTo(email)).toHaveLength(0);
    for (const text of [MAIL_NOTICES.signUpHint("off"), MAIL_NOTICES.signUpNotSignedIn("off", email)]) expect(text).not.toMatch(CLAIMS_A_MAIL);
    expect(MAIL_NOTICES.signUpHint("off")).toContain("its operator confirms new addresses");
    // The same answers with mail on do say it (so the pattern above would have caught them).
    expect(MAIL_NOTICES.signUpNotSignedIn("smtp", email)).toMatch(CLAIMS_A_MAIL);
  });

  it("no form of any mail flow claims a mail went out", () => {
    const email = "someone@example.test";
    const answers = [
      MAIL_NOTICES.confirmPending("off", email),
      MAIL_NOTICES.resetUnavailable,
      MAIL_NOTICES.emailChangeUnavailable,
      MAIL_NOTICES.inviteHint("off"),
      MAIL_NOTICES.invited("off", email, "member"),
    ];
    for (const answer of answers) expect(answer).not.toMatch(CLAIMS_A_MAIL);
    expect(MAIL_NOTICES.invited("off", email, "member")).toContain("use “Copy link” below and pass the link on");
  });

  it("the confirmation banner asks for the operator and offers no link to resend", () => {
    const html = renderToStaticMarkup(createElement(VerifyEmailBanner, { email: "someone@example.test", mail: "off" }));
    expect(html).toContain("This instance sends no mail, so no link is coming: ask the instance operator to confirm your address (someone@example.test).");
    expect(html).not.toMatch(CLAIMS_A_MAIL);
    expect(html).not.toContain("Resend the link");
    const withMail = renderToStaticMarkup(createElement(VerifyEmailBanner, { email: "someone@example.test", mail: "smtp" }));
    expect(withMail).toContain("We sent a link to someone@example.test.");
    expect(withMail).toContain("Resend the link");
  });

  it("fallback: the operator confirms the address, then the invitee accepts the link the admin copied", async () => {
    const tenant = await seedTenant();
    const owner = await actorOf(tenant, tenant.owner);
    const email = address("invitee");
    await registerAccount({ email, password: PASSWORD }, origin);
    const invitee = await db.user.findUniqueOrThrow({ where: { email } });

    const { invitationId } = await addMember(owner, { email, role: "MEMBER" }, origin);
    const { url } = await copyInvitationLink(owner, { invitationId });
    const token = url.split("/invitations/")[1]!;
    await settleMail();
    expect(smtp.received).toHaveLength(0);

    // Not confirmed yet: the invitation cannot be accepted.
    await expectApiError(acceptInvitation(invitee.id, { token }), "FORBIDDEN");

    expect(await confirmAddressByOperator(email.toUpperCase())).toBe("confirmed");
    expect(await confirmAddressByOperator(email)).toBe("already-confirmed");
    expect(await confirmAddressByOperator(address("nobody"))).toBe("no-account");
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeInstanceOf(Date);

    expect(await acceptInvitation(invitee.id, { token })).toEqual({ workspace: { slug: tenant.workspace.slug, name: expect.any(String) }, role: "MEMBER" });
    expect(await db.membership.count({ where: { userId: invitee.id, workspaceId: tenant.workspace.id } })).toBe(1);
  });

  it("a forgotten password: the operator makes the reset link that mail would have carried", async () => {
    const email = address("forgetful");
    await registerAccount({ email, password: PASSWORD }, origin);
    expect((await requestPasswordReset({ email }, origin)).ok).toBe(true);
    await settleMail();
    expect(smtp.mailsTo(email)).toHaveLength(0);

    const link = await resetLinkForOperator(email);
    expect(link).toMatch(/^https:\/\/app\.example\.test\/reset-password\/\S+$/);
    const token = link!.split("/reset-password/")[1];
    expect(await resetPassword({ token, password: "a-brand-new-password" })).toEqual({ ok: true, data: { email } });
    expect(await resetLinkForOperator(address("nobody"))).toBeNull();
  });
});
