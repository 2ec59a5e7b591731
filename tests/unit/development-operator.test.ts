import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UpgradeNote } from "@/components/plans/upgrade-note";
import { DEVELOPMENT_OPERATOR, isOperator, operatorEmails } from "@/lib/domain/plans/operators";
import { DEMO_LOGIN } from "@/prisma/seed";

// A plan can be changed in development: the demo account `npm run dev` seeds operates the instance
// unless OPERATOR_EMAILS says otherwise, and the settings page tells it how.
describe("the operator of a development server", () => {
  it("is the seeded demo account when OPERATOR_EMAILS is unset", () => {
    expect(DEVELOPMENT_OPERATOR).toBe(DEMO_LOGIN.email);
    expect(isOperator({ email: DEMO_LOGIN.email, emailVerified: true }, { NODE_ENV: "development" })).toBe(true);
  });

  it("is nobody by default in production, and OPERATOR_EMAILS, even empty, decides in development", () => {
    expect(operatorEmails({ NODE_ENV: "production" }).size).toBe(0);
    expect(isOperator({ email: DEMO_LOGIN.email, emailVerified: true }, { NODE_ENV: "production" })).toBe(false);
    expect(operatorEmails({ NODE_ENV: "development", OPERATOR_EMAILS: "" }).size).toBe(0);
    expect([...operatorEmails({ NODE_ENV: "development", OPERATOR_EMAILS: "ops@example.com" })]).toEqual(["ops@example.com"]);
  });

  it("reads on the settings page where and how to change the plan", () => {
    const html = renderToString(createElement(UpgradeNote, { plan: "FREE", contact: null, youOperate: { slug: "acme" } })).replaceAll("<!-- -->", "");
    expect(html).toContain('href="/operator?q=acme"');
    expect(html).toContain("npm run plan:set -- acme pro");
    const member = renderToString(createElement(UpgradeNote, { plan: "FREE", contact: null }));
    expect(member).toContain("contact your instance operator");
  });
});
