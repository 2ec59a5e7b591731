import { SERVICE_UNAVAILABLE, type FormResult } from "@/lib/platform/forms/forms";
import { RESET_LINK_PROBLEMS } from "@/lib/domain/users/reset-password";
import type { PortalLocale } from "@/lib/platform/i18n/locales";
import { translatorFor } from "@/lib/platform/i18n/messages";

// The account functions answer in English (the dashboard and the API show their words as they
// are). On a sign-up or password page a portal visitor opened in their language, each answer the
// form can get is retold from the Auth messages; anything not recognised stays as it was.

type AuthText = ReturnType<typeof translatorFor<"Auth">>;

const EXACT: Record<string, (t: AuthText) => string> = {
  "Enter a valid email address.": (t) => t("errors.invalidEmail"),
  "Email is too long.": (t) => t("errors.emailTooLong"),
  "Enter a password.": (t) => t("errors.enterPassword"),
  "Use at least 10 characters.": (t) => t("errors.passwordShort"),
  "Use letters, spaces and punctuation only: no control characters.": (t) => t("errors.controlCharacters"),
  "Use valid characters only.": (t) => t("errors.validCharacters"),
  [SERVICE_UNAVAILABLE.fieldErrors.form!]: (t) => t("signIn.unavailable"),
  [RESET_LINK_PROBLEMS.expired]: (t) => t("reset.expired"),
  [RESET_LINK_PROBLEMS.used]: (t) => t("reset.used"),
  [RESET_LINK_PROBLEMS.invalid]: (t) => t("reset.invalid"),
};

function retell(t: AuthText, message: string): string {
  const exact = EXACT[message];
  if (exact) return exact(t);
  const atMost = /^Use at most (\d+) characters\.$/.exec(message);
  if (atMost) return t("errors.atMost", { max: Number(atMost[1]) });
  const wait = /^Too many (sign-up attempts|reset requests) from here or for this address\. Try again in (?:a minute|(\d+) minutes)\.$/.exec(message);
  if (wait) return t(wait[1] === "reset requests" ? "errors.tooManyResets" : "errors.tooManySignUps", { minutes: Number(wait[2] ?? 1) });
  return message;
}

/** A sign-up or password form's answer in `locale` (unchanged without one: English pages). */
export function inAuthLanguage<T>(locale: PortalLocale | undefined, result: FormResult<T>): FormResult<T> {
  if (!locale || result.ok) return result;
  const t = translatorFor(locale, "Auth");
  return { ok: false, fieldErrors: Object.fromEntries(Object.entries(result.fieldErrors).map(([field, message]) => [field, retell(t, message)])) };
}
