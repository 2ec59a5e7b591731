import { expect, type Page } from "@playwright/test";

let counter = 0;
// Each worker is its own process with its own counter: the worker's number keeps two workers that
// ask in the same millisecond apart.
const worker = process.env.TEST_PARALLEL_INDEX ?? "0";

/** A unique address per test run, so specs never collide with rows an earlier run left. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${worker}-${counter}@example.test`;
}

export function uniqueSlug(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}${worker}${counter}`.slice(0, 40);
}

export const PASSWORD = "correct-horse-battery";

export async function signUp(page: Page, email: string, password = PASSWORD, name = "Test User") {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/workspaces$/);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The list of workspaces, or the only one straight away.
  await expect(page).toHaveURL(/\/(workspaces|w\/[^/]+)$/);
}

export async function createWorkspace(page: Page, name: string, slug: string) {
  await page.goto("/workspaces/new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Slug").fill(slug);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${slug}$`));
}
