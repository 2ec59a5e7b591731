import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { createWorkspace, PASSWORD, signIn, signUp, uniqueEmail, uniqueSlug } from "./helpers";

test("sign up, create a workspace, and see it on the dashboard", async ({ page }) => {
  const email = uniqueEmail("owner");
  await signUp(page, email);
  await expect(page.getByText("You have no workspaces yet.")).toBeVisible();

  const slug = uniqueSlug("acme");
  await createWorkspace(page, "Acme Rockets", slug);
  await expect(page.getByTestId("workspace-name")).toHaveText("Acme Rockets");
  await expect(page.getByText("you are owner")).toBeVisible();

  await page.goto("/workspaces");
  await expect(page.getByRole("list", { name: "Workspaces" }).getByText("Acme Rockets")).toBeVisible();
});

test("a wrong password shows an error on the sign-in form", async ({ page }) => {
  const email = uniqueEmail("wrongpw");
  await signUp(page, email);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, email, PASSWORD);
});

test("sign-up errors appear on the form and create nothing", async ({ page }) => {
  const email = uniqueEmail("taken");
  await signUp(page, email);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await page.goto("/sign-up");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();

  // A taken address is not revealed (no account enumeration): the form says what it says to anyone.
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Password").fill("someone-elses-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: `We sent a message to ${email}. Follow it to continue.` })).toBeVisible();
  await expect(page.getByText(/already exists/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/sign-up/);
  await expectNoSeriousA11yViolations(page, "sign-up, after submitting");
  await page.screenshot({ path: "e2e/artifacts/sign-up-sent.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "e2e/artifacts/sign-up-sent-mobile.png" });
});

test("slug rules and a taken slug are explained on the form", async ({ page }) => {
  await signUp(page, uniqueEmail("slugs"));
  await page.goto("/workspaces/new");
  await page.getByLabel("Name").fill("Reserved");
  await page.getByLabel("Slug").fill("api");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText("This slug is reserved. Choose another.")).toBeVisible();

  await page.getByLabel("Slug").fill("Bad Slug!");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText("Use lowercase letters, digits and hyphens only.")).toBeVisible();

  const slug = uniqueSlug("dup");
  await createWorkspace(page, "First", slug);
  await page.goto("/workspaces/new");
  await page.getByLabel("Name").fill("Second");
  await page.getByLabel("Slug").fill(slug);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText("This slug is already taken. Choose another.")).toBeVisible();
});

test("a signed-out visitor is sent to sign in and comes back", async ({ page }) => {
  await page.goto("/workspaces/new");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fworkspaces%2Fnew/);
});
