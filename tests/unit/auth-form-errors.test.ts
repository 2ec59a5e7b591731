import { describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE } from "@/lib/platform/forms/forms";
import { inAuthLanguage } from "@/lib/surfaces/auth/auth-form-errors";
import { RESET_LINK_PROBLEMS } from "@/lib/domain/users/reset-password";

// What the sign-up and password forms are told, on a page a portal visitor opened in their
// language: the account functions' English answers retold; English pages keep them as they are.

const refused = (fieldErrors: Record<string, string>) => ({ ok: false as const, fieldErrors });
const said = (result: { ok: boolean; fieldErrors?: Record<string, string> }) => result.fieldErrors ?? {};

describe("auth form answers in the visitor's language", () => {
  it("retells field problems, throttles and reset-link problems in German", () => {
    expect(inAuthLanguage("de", refused({ email: "Enter a valid email address.", password: "Use at least 10 characters." }))).toEqual(
      refused({ email: "Geben Sie eine gültige E-Mail-Adresse ein.", password: "Verwenden Sie mindestens 10 Zeichen." }),
    );
    expect(said(inAuthLanguage("de", refused({ name: "Use at most 100 characters." }))).name).toBe("Verwenden Sie höchstens 100 Zeichen.");
    expect(said(inAuthLanguage("de", refused({ form: "Too many sign-up attempts from here or for this address. Try again in 7 minutes." }))).form).toBe(
      "Zu viele Registrierungsversuche von hier oder für diese Adresse. Versuchen Sie es in 7 Minuten erneut.",
    );
    expect(said(inAuthLanguage("de", refused({ form: RESET_LINK_PROBLEMS.used }))).form).toBe("Dieser Link wurde bereits verwendet. Jeder Link funktioniert nur einmal.");
  });

  it("says an outage and a reset throttle in Arabic; unknown text stays as it was", () => {
    expect(said(inAuthLanguage("ar", SERVICE_UNAVAILABLE)).form).toBe("الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات.");
    expect(said(inAuthLanguage("ar", refused({ form: "Too many reset requests from here or for this address. Try again in a minute." }))).form).toContain("دقيقة");
    expect(said(inAuthLanguage("ar", refused({ form: "Something new." }))).form).toBe("Something new.");
  });

  it("leaves English pages and successes alone", () => {
    const english = refused({ email: "Enter a valid email address." });
    expect(inAuthLanguage(undefined, english)).toBe(english);
    const ok = { ok: true as const, data: { email: "a@example.test" } };
    expect(inAuthLanguage("ja", ok)).toBe(ok);
  });
});
