import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/platform/core/errors";
import { portalErrors, portalFormFailure } from "@/lib/surfaces/portal/portal-form-failure";

// A portal form's refusals come back in the page's language, told from the refusal's code and
// field: the domain's English sentences never reach a German or Arabic page.

const invalid = (path: string, code: string) => new DomainError("VALIDATION_ERROR", "The post is not valid.", [{ path, code, message: "English text" }]);

describe("portal form refusals in the visitor's language", () => {
  it("says each field's problem in German, with the limit kept", () => {
    const t = portalErrors("de");
    expect(portalFormFailure(t, "post", invalid("title", "too_small"), "test").fieldErrors).toEqual({ title: "Geben Sie Ihrer Idee einen Titel." });
    expect(portalFormFailure(t, "post", invalid("body", "too_big"), "test").fieldErrors).toEqual({ body: "Die Details dürfen höchstens 10000 Zeichen lang sein." });
    expect(portalFormFailure(t, "comment", invalid("body", "custom"), "test").fieldErrors.body).toContain("Steuerzeichen");
  });

  it("says the post limit, a merged post and the plan's limit in Arabic and Japanese", () => {
    const limited = new DomainError("RATE_LIMITED", "You can post 10 ideas an hour…", undefined, 600);
    expect(portalFormFailure(portalErrors("ja"), "post", limited, "test").fieldErrors.form).toBe("アイデアは1時間に10件まで投稿でき、上限に達しました。約10分後にもう一度お試しください。");
    expect(portalFormFailure(portalErrors("ar"), "comment", new DomainError("CONFLICT", "merged"), "test").fieldErrors.form).toBe("دُمج هذا المنشور في منشور آخر. علّق هناك بدلًا من ذلك.");
    expect(portalFormFailure(portalErrors("ar"), "post", new DomainError("PLAN_LIMIT", "limit"), "test").fieldErrors.form).toContain("خطتها");
  });

  it("keeps the English of before for an English page", () => {
    const limited = new DomainError("RATE_LIMITED", "", undefined, 30 * 60);
    expect(portalFormFailure(portalErrors("en"), "post", limited, "test").fieldErrors.form).toBe("You can post 10 ideas an hour, and you have reached that. Try again in about 30 minutes.");
  });
});
