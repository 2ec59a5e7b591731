import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, e2eDatabaseUrl, newPerson, ownerWithWorkspace, seedMembership } from "./dashboard-helpers";
import { seedAccount } from "./accounts";
import { PASSWORD, signIn, signUp, uniqueEmail } from "./helpers";
import { latestMail, linkIn } from "./mail";

// Password reset and the account page, on the production build with mail over real SMTP
// (e2e/serve.mjs). Screenshots at 1280 and 390 px in e2e/artifacts.

test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed a membership");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));
test.describe.configure({ timeout: 120_000 });

const NEW_PASSWORD = "a-brand-new-password";

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-phone.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page, `${name} at phone width`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("forgot password, end to end from the received mail: the new password works, the other browser is signed out, the link works once", async ({ browser }) => {
  const laptop = await browser.newContext();
  const email = uniqueEmail("forgetful");
  const onLaptop = await laptop.newPage();
  await signUp(onLaptop, email);

  const phone = await browser.newContext();
  const page = await phone.newPage();
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${email}, a reset link is on its way there.`);
  await expectNoSeriousA11yViolations(page, "/forgot-password, sent");
  await screenshots(page, "forgot-password");

  const mail = await latestMail(email, /^Reset your password$/);
  const link = linkIn(mail, "/reset-password/");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/reset-password/…");
  await screenshots(page, "reset-password");
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=done/);
  await expect(page.getByText("Your password was changed, and every device was signed out.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);

  // The old password is refused; the new one signs in.
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);

  // The laptop's session ended with the reset.
  await onLaptop.goto("/workspaces");
  await expect(onLaptop).toHaveURL(/\/sign-in/);

  // Used once: the link now says so, with a way to ask for a new one.
  await page.goto(link);
  await expect(page.getByTestId("reset-link-problem")).toHaveText("This reset link was already used. Each link works once.");
  await expectNoSeriousA11yViolations(page, "/reset-password/… used");
  await screenshots(page, "reset-password-used");
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await Promise.all([laptop.close(), phone.close()]);
});

test("change email end to end: the link mailed to the new address moves the account, the old address is told", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "mover");
  const { page } = owner;
  await page.getByTestId("signed-in-as").click();
  await page.getByRole("menuitem", { name: "Account settings" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("current-email")).toHaveText(owner.email);
  await expect(page.getByText("Workspaces only you are in are deleted with it: Acme Rockets.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/account");
  await screenshots(page, "account");

  const next = uniqueEmail("moved");
  const form = page.getByRole("form", { name: "Change email address" });
  await form.getByLabel("New email address").fill(next);
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(form.getByText("That is not your current password.")).toBeVisible();
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(form.getByRole("status")).toContainText(`We sent a confirmation link to ${next}.`);

  const mail = await latestMail(next, /^Confirm your new email address$/);
  await page.goto(linkIn(mail, "/confirm-email?token="));
  await expect(page).toHaveURL(/\/account\?email=changed$/);
  await expect(page.getByText(`Your email address is now ${next}.`)).toBeVisible();
  await expect(page.getByTestId("current-email")).toHaveText(next);
  const notice = await latestMail(owner.email, /^Your email address was changed$/);
  expect(notice.text).toContain(`now uses ${next}`);

  // The account now signs in with the new address only.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, next);
  // Their one workspace opens at once: no list of one to pick from.
  await expect(page).toHaveURL(new RegExp(`/w/${slug}$`));
  await owner.context.close();
});

test("delete account: refused while the only owner of a workspace with members, naming it; then a typo, then gone", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "leaver");
  const { email: member } = await seedAccount("stays", "Test User", { verified: false });
  await seedMembership(slug, member, "MEMBER");

  const { page } = owner;
  await page.goto("/account");
  await expect(page.getByText("You are the only owner of Acme Rockets, which has other members.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete account…" })).toBeDisabled();
  await screenshots(page, "account-delete-refused");

  // Once the workspace is handed on, the account can go.
  const heir = await newPerson(browser, "heir", "Hana Heir");
  await seedMembership(slug, heir.email, "OWNER");
  await page.reload();
  await page.getByRole("button", { name: "Delete account…" }).click();
  const dialog = page.getByTestId("delete-account-dialog");
  await dialog.getByLabel(`Type ${owner.email} to confirm`).fill("nope@example.test");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText(`That is not your address. Type your email address, ${owner.email}, to confirm.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "delete account dialog with an error");
  await dialog.getByLabel(`Type ${owner.email} to confirm`).fill(owner.email);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/sign-in\?accountDeleted=1/);
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  await Promise.all([owner.context.close(), heir.context.close()]);
});
