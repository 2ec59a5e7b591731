import { describe, expect, it } from "vitest";
import { renderMail } from "@/lib/mail/render";
import { verifyEmailMail } from "@/lib/mail/templates/verify-email";

describe("the verification mail in a portal visitor's language", () => {
  const link = "https://app.example.test/verify-email?token=abc";

  it("is English without a known language", () => {
    const mail = renderMail("a@example.test", verifyEmailMail({ link, hours: 24 }));
    expect(mail.subject).toBe("Verify your email address");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.text).toContain("expires in 24 hours");
  });

  it("speaks German, and Arabic right-to-left, with the link and the hours kept", () => {
    const german = renderMail("a@example.test", verifyEmailMail({ link, hours: 24, locale: "de" }));
    expect(german.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    expect(german.text).toContain(link);
    expect(german.text).toContain("läuft in 24 Stunden ab");
    const arabic = renderMail("a@example.test", verifyEmailMail({ link, hours: 24, locale: "ar" }));
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain(link.replaceAll("&", "&amp;"));
    expect(arabic.subject).toBe("تأكيد عنوان بريدك الإلكتروني");
  });
});
