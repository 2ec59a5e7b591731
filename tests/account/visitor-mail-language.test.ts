import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as verifyRoute from "@/app/verify-email/route";
import { db } from "@/lib/platform/db/client";
import { authHref, authLocaleOf } from "@/lib/surfaces/auth/auth-locale";
import { settleMail } from "@/lib/platform/mail/send-mail";
import { registerAccount } from "@/lib/domain/users/register-account";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { sendVerificationEmail } from "@/lib/domain/users/send-verification-email";
import { seedTenant, uniqueSuffix } from "../support/api";
import { linkIn, startSmtpServer } from "../support/smtp";
import { sessionCookieFor } from "../support/session-cookie";

// A portal visitor's account remembers the portal language it was made in, and the mails its owner
// receives (the verification link, again later; a password reset) speak it, over a real SMTP
// server. The dashboard's own users keep English.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ipCounter = 0;
const ip = () => `198.51.100.${++ipCounter}`;
const PASSWORD = "a-strong-password-1";

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

describe("the language of a sign-in page", () => {
  it("comes from its lang parameter, else from the portal page it leads back to; none for the dashboard", async () => {
    const tenant = await seedTenant({ published: true });
    const slug = tenant.workspace.slug;
    expect(await authLocaleOf({ lang: "ar" })).toBe("ar");
    expect(await authLocaleOf({ lang: "xx", callbackUrl: `/p/${slug}/ja/roadmap` })).toBe("ja");
    expect(await authLocaleOf({ callbackUrl: `/p/${slug}/boards` })).toBe("en");
    expect(await authLocaleOf({ callbackUrl: "/workspaces" })).toBeUndefined();
    expect(await authLocaleOf({ callbackUrl: "https://evil.example/p/x/de" })).toBeUndefined();
    expect(await authLocaleOf({})).toBeUndefined();
    expect(authHref("/forgot-password", { lang: "de" })).toBe("/forgot-password?lang=de");
    expect(authHref("/forgot-password", { lang: undefined })).toBe("/forgot-password");
  });
});

describe("mails a portal visitor receives", () => {
  it("are in the language the account was made in: verification, a resend, and a reset asked for anywhere", async () => {
    const email = `visitor-${uniqueSuffix()}@example.test`;
    expect(await registerAccount({ email, password: PASSWORD, name: "Vera" }, { ip: ip(), locale: "de" })).toEqual({ ok: true, data: { email } });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.portalLocale).toBe("de");
    expect((await smtp.mailTo(email, 1)).subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");

    expect(await sendVerificationEmail(user.id, { ip: ip() })).toEqual({ sent: true });
    expect((await smtp.mailTo(email, 2)).subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");

    await requestPasswordReset({ email }, { ip: ip() });
    const reset = await smtp.mailTo(email, 3);
    expect(reset.subject).toBe("Passwort zurücksetzen");
    expect(reset.text).toContain("läuft in 60 Minuten ab");
    // The page the link opens speaks it too.
    expect(linkIn(reset.text, "/reset-password/")).toMatch(/\?lang=de$/);
  });

  it("the verification link leads back to the portal page the visitor signed up from, in its language", async () => {
    const tenant = await seedTenant({ published: true });
    const email = `returning-${uniqueSuffix()}@example.test`;
    const from = `/p/${tenant.workspace.slug}/de/roadmap`;
    await registerAccount({ email, password: PASSWORD, name: "Rita" }, { ip: ip(), locale: "de", returnTo: from });
    const link = linkIn((await smtp.mailTo(email, 1)).text, "/verify-email");
    expect(new URL(link).searchParams.get("next")).toBe(from);
    const cookie = await sessionCookieFor(await db.user.findUniqueOrThrow({ where: { email } }));
    const followed = await verifyRoute.GET(new Request(link, { headers: { cookie } }));
    expect(followed.status).toBe(303);
    expect(followed.headers.get("location")).toBe(`https://app.example.test${from}?email=verified`);
    // A next that is not a portal page on this site lands on the workspace list instead.
    for (const next of ["https://evil.example/p/x", "/.//evil.example/p/x", "/workspaces/../w/x"]) {
      const other = await verifyRoute.GET(new Request(`https://app.example.test/verify-email?token=nope&next=${encodeURIComponent(next)}`));
      expect(other.headers.get("location")).toBe("https://app.example.test/workspaces?email=invalid");
    }
  });

  it("follow the page the reset was asked from, right-to-left in Arabic", async () => {
    const email = `visitor-${uniqueSuffix()}@example.test`;
    await registerAccount({ email, password: PASSWORD }, { ip: ip(), locale: "de" });
    await smtp.mailTo(email, 1);
    await requestPasswordReset({ email }, { ip: ip(), locale: "ar" });
    const reset = await smtp.mailTo(email, 2);
    expect(reset.subject).toBe("إعادة تعيين كلمة المرور");
    expect(reset.html).toContain('dir="rtl"');
    expect(linkIn(reset.text, "/reset-password/")).toMatch(/\?lang=ar$/);
  });

  it("stay English for an account made in the dashboard", async () => {
    const email = `member-${uniqueSuffix()}@example.test`;
    await registerAccount({ email, password: PASSWORD }, { ip: ip() });
    expect((await db.user.findUniqueOrThrow({ where: { email } })).portalLocale).toBeNull();
    expect((await smtp.mailTo(email, 1)).subject).toBe("Verify your email address");
    await requestPasswordReset({ email }, { ip: ip() });
    const reset = await smtp.mailTo(email, 2);
    expect(reset.subject).toBe("Reset your password");
    expect(linkIn(reset.text, "/reset-password/")).not.toContain("lang=");
  });
});
