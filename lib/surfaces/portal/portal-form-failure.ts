import { COMMENT_MAX_LENGTH } from "@/lib/domain/comments/add-comment";
import { DomainError } from "@/lib/platform/core/errors";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";
import { formFailureOf, type FormFailure } from "@/lib/platform/forms/forms";
import type { PortalLocale } from "@/lib/platform/i18n/locales";
import { translatorFor } from "@/lib/platform/i18n/messages";
import { VISITOR_POST_MAX } from "@/lib/domain/posts/submit-visitor-post";
import { VISITOR_POSTS } from "@/lib/domain/posts/visitor-limits";

// What the portal's forms say when the domain refuses, in the visitor's language. The domain's
// own messages are English (the API and the dashboard show them); here each refusal is told from
// its code and field instead, so no English sentence reaches a German or Arabic page.

type PortalErrors = ReturnType<typeof translatorFor<"PortalErrors">>;

export function portalErrors(locale: PortalLocale): PortalErrors {
  return translatorFor(locale, "PortalErrors");
}

/** One field's problem, by the field and the kind of check it failed (zod's issue code). */
function fieldMessage(t: PortalErrors, form: "comment" | "post", field: string, code: string): string {
  if (code === "custom") return t("controlCharacters");
  if (form === "comment") return code === "too_big" ? t("commentTooLong", { max: COMMENT_MAX_LENGTH }) : t("commentEmpty");
  if (field === "title") return code === "too_big" ? t("titleTooLong", { max: VISITOR_POST_MAX.title }) : t("titleEmpty");
  return t("detailsTooLong", { max: VISITOR_POST_MAX.body });
}

/**
 * A refused comment or idea as the form shows it. Failures that are not the visitor's (a bug, an
 * outage) are logged by formFailureOf as everywhere else, and said here in the visitor's language.
 */
export function portalFormFailure(t: PortalErrors, form: "comment" | "post", error: unknown, context: string): FormFailure {
  const base = formFailureOf(error, context);
  const say = (text: string): FormFailure => ({ ok: false, fieldErrors: { form: text } });
  if (isDatabaseUnavailable(error)) return say(t("unavailable"));
  if (!(error instanceof DomainError)) return say(t("unexpected"));
  switch (error.code) {
    case "CONFLICT":
      return say(t("merged"));
    case "PLAN_LIMIT":
      return say(t("planLimit"));
    case "RATE_LIMITED":
      return say(t("postLimit", { limit: VISITOR_POSTS.limit, minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) }));
    case "VALIDATION_ERROR": {
      const fieldErrors: Record<string, string> = {};
      for (const detail of error.details ?? []) {
        const field = detail.path.split(".")[0] || "form";
        fieldErrors[field] ??= fieldMessage(t, form, field, detail.code);
      }
      return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : base;
    }
    default:
      return base;
  }
}
