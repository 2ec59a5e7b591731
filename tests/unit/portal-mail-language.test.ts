import { describe, expect, it } from "vitest";
import { renderMail } from "@/lib/platform/mail/render";
import { resetPasswordMail } from "@/lib/platform/mail/templates/reset-password";
import { verifyEmailMail } from "@/lib/platform/mail/templates/verify-email";

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

describe("the password-reset mail in a portal visitor's language", () => {
  const link = "https://app.example.test/reset-password/abc?lang=ja";

  it("is English without a known language, as the dashboard's users always had it", () => {
    const mail = renderMail("a@example.test", resetPasswordMail({ link, minutes: 60 }));
    expect(mail.subject).toBe("Reset your password");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.text).toContain("Choose a new password:");
    expect(mail.text).toContain("expires in 60 minutes");
  });

  it("speaks Japanese, and Arabic right-to-left, with the link and the minutes kept", () => {
    const japanese = renderMail("a@example.test", resetPasswordMail({ link, minutes: 60, locale: "ja" }));
    expect(japanese.subject).toBe("パスワードの再設定");
    expect(japanese.text).toContain(link);
    expect(japanese.text).toContain("60分で期限が切れます");
    const arabic = renderMail("a@example.test", resetPasswordMail({ link, minutes: 60, locale: "ar" }));
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.subject).toBe("إعادة تعيين كلمة المرور");
  });
});
