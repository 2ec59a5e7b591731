import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, confirmEmail, ownerWithWorkspace } from "./dashboard-helpers";
import { signUp } from "./helpers";

// The instance operator (OPERATOR_EMAILS, set by e2e/serve.mjs) changes a workspace's plan on the
// operator page; the owner's settings show the new plan. Everyone else gets the plain 404.

const OPERATOR_EMAIL = "operator@e2e.example.test";
const OPERATOR_CONTACT = "plans@e2e.example.test";

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

async function signedInOperator(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, OPERATOR_EMAIL, undefined, "Otto Operator");
  await confirmEmail(page, OPERATOR_EMAIL);
  return { context, page };
}

test("an operator moves a workspace to Pro; the owner's settings show it; nobody else finds the page", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "planned");

  // Before: the owner sees the Free plan and who to ask.
  await owner.page.goto(`/w/${slug}/settings`);
  await expect(owner.page.getByRole("heading", { name: "Free plan" })).toBeVisible();
  const note = owner.page.getByTestId("upgrade-note");
  await expect(note).toContainText("The Pro plan has no limits");
  await expect(note.getByRole("link", { name: OPERATOR_CONTACT })).toHaveAttribute("href", `mailto:${OPERATOR_CONTACT}`);

  // The owner, and a visitor with no session, get the 404 any unknown page gets.
  expect((await owner.page.goto("/operator"))?.status()).toBe(404);
  await expect(owner.page.getByRole("heading", { name: "Workspaces on this instance" })).toHaveCount(0);
  const stranger = await browser.newContext();
  expect((await (await stranger.newPage()).goto("/operator"))?.status()).toBe(404);
  await stranger.close();

  const operator = await signedInOperator(browser);
  const page = operator.page;
  await page.getByRole("link", { name: "Operator" }).click();
  await expect(page).toHaveURL(/\/operator$/);
  await page.getByRole("searchbox", { name: "Search" }).fill(slug);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/operator\\?q=${slug}`));
  await expect(page.getByTestId("operator-count")).toHaveText("1 workspace match.");
  const row = page.getByTestId(`operator-row-${slug}`);
  await expect(row).toContainText("Acme Rockets");
  await expect(row).toContainText(owner.email);
  await expect(row).toContainText("1 member · 0 boards · 0 posts");
  await expect(row).toContainText("Plan never changed");

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page, "operator page");
  await page.screenshot({ path: path.join(ARTIFACTS, "operator-page.png"), fullPage: true });

  await row.getByLabel("Plan for Acme Rockets").selectOption("PRO");
  await row.getByRole("button", { name: "Change the plan of Acme Rockets" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Acme Rockets moved from Free to Pro." })).toBeVisible();
  await expect(row).toContainText(`Plan last changed by ${OPERATOR_EMAIL}`);
  // When, in the dashboard's one date style: the viewer's locale and zone, not a UTC style of its own.
  await expect(row.locator("time[datetime]")).toHaveCount(1);
  await expect(row.locator("time[datetime]")).not.toContainText("UTC");

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, "operator page at 390 px");
  await page.screenshot({ path: path.join(ARTIFACTS, "operator-page-390.png"), fullPage: true });

  // After: the owner's settings read the new plan and its (absent) limits from the same table.
  await owner.page.goto(`/w/${slug}/settings`);
  await expect(owner.page.getByRole("heading", { name: "Pro plan" })).toBeVisible();
  await expect(owner.page.getByText("Pro has no limits.")).toBeVisible();
  await expect(owner.page.getByTestId("plan-usage").getByRole("row", { name: /Boards/ })).toContainText("0 · no limit");
  await owner.page.screenshot({ path: path.join(ARTIFACTS, "settings-pro-plan.png"), fullPage: true });

  await Promise.all([owner.context.close(), operator.context.close()]);
});
