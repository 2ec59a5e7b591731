import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { addMember, ARTIFACTS, closeKeyDialog, createKey, newPerson, ownerWithWorkspace } from "./dashboard-helpers";

// The API keys page, against the production build and a real database.

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

test("an admin creates a posts:read key, copies it, uses it; after a reload it is gone; revoked, it answers 401", async ({ browser, baseURL }) => {
  const { owner, slug } = await ownerWithWorkspace(browser);
  const admin = await newPerson(browser, "admin", "Ada Admin");
  await addMember(owner.page, slug, admin, "ADMIN");

  // "Admin signs in": a fresh sign-in of the second account, which is now an admin.
  const page = admin.page;
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, admin.email);
  await page.goto(`/w/${slug}`);
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();
  await expect(page.getByTestId("key-usage")).toContainText("0 of 5");

  const { key, dialog } = await createKey(page, slug, "Posts reader", ["posts:read"]);
  await expect(dialog).toContainText("you won't see it again");
  // Nothing moves when the key is copied: the box, the button and the dialog keep their places.
  const boxes = () => Promise.all([dialog, dialog.getByTestId("new-api-key"), dialog.getByRole("button", { name: /^Cop/ })].map((l) => l.boundingBox()));
  const before = await boxes();
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await boxes()).toEqual(before);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(key);
  await page.screenshot({ path: path.join(ARTIFACTS, "key-created-dialog.png") });

  const ok = await page.request.get(`${baseURL}/api/v1/posts`, { headers: { authorization: `Bearer ${copied}` } });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toMatchObject({ success: true, data: [] });

  await closeKeyDialog(page);
  const row = page.getByTestId("api-key-row").filter({ hasText: "Posts reader" });
  await expect(row).toContainText(`wsk_…${key.slice(-4)}`);
  await expect(row).toContainText("posts:read");
  await expect(row).toContainText("Ada Admin");
  await expect(row).toHaveAttribute("data-state", "active");
  await expect(page.getByText(key)).toHaveCount(0);
  await page.screenshot({ path: path.join(ARTIFACTS, "api-keys-page.png"), fullPage: true });

  // Reload: the key is nowhere, neither on the page nor in the HTML (and its flight data) the server sends.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row, "'Last used' reflects the API call just made").not.toContainText("Never");
  expect(await page.content()).not.toContain(key.slice(4));
  const html = await (await page.request.get(`${baseURL}/w/${slug}/settings/api-keys`)).text();
  expect(html).toContain(`wsk_…${key.slice(-4)}`);
  expect(html).not.toContain(key.slice(4));

  // Revoke with confirmation; the very next request is refused.
  await row.getByRole("button", { name: "Revoke Posts reader" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke “Posts reader”?" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“Posts reader” is revoked." })).toBeVisible();
  await expect(row).toHaveAttribute("data-state", "revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  const refused = await page.request.get(`${baseURL}/api/v1/posts`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ success: false, code: "UNAUTHORIZED" });

  await Promise.all([owner.context.close(), admin.context.close()]);
});

test("a sixth active key on the FREE plan is refused with the plan message", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "limit");
  const page = owner.page;
  for (let i = 1; i <= 4; i++) {
    await createKey(page, slug, `Key ${i}`, ["boards:read"]);
    await closeKeyDialog(page);
  }
  await expect(page.getByTestId("key-usage")).toContainText("4 of 5");

  // A second tab opens the form while there is still room...
  const other = await owner.context.newPage();
  await other.goto(`/w/${slug}/settings/api-keys`);
  await other.getByRole("button", { name: "Create API key" }).click();
  const otherForm = other.getByRole("dialog", { name: "Create an API key" });
  await otherForm.getByLabel("Name").fill("Key 6");
  await otherForm.getByRole("button", { name: "Read only" }).click();
  await expect(otherForm.getByRole("checkbox", { name: "posts:read", exact: true })).toBeChecked();
  await expect(otherForm.getByRole("checkbox", { name: "posts:write", exact: true })).not.toBeChecked();

  // ...the first tab takes the fifth place...
  await createKey(page, slug, "Key 5", ["boards:read"]);
  await closeKeyDialog(page);
  await expect(page.getByTestId("key-usage")).toContainText("5 of 5");
  await expect(page.getByTestId("key-limit-note")).toContainText("The Free plan allows 5 active API keys.");

  // ...so the server refuses the sixth, and the form says why.
  await otherForm.getByRole("button", { name: "Create key" }).click();
  await expect(otherForm.getByRole("alert").filter({ hasText: "The Free plan allows 5 active API keys. Upgrade to Pro for more." })).toBeVisible();
  await expect(other.getByRole("dialog", { name: "Your new API key" })).toBeHidden();

  // Opened at the limit, the form says so before anything is submitted.
  await page.getByRole("button", { name: "Create API key" }).click();
  const form = page.getByRole("dialog", { name: "Create an API key" });
  await expect(form.getByTestId("plan-limit-message")).toContainText("The Free plan allows 5 active API keys.");
  await expect(form.getByRole("button", { name: "Create key" })).toBeDisabled();
  await expect(page.getByTestId("api-key-row")).toHaveCount(5);
  await owner.context.close();
});

test("the create form, the key-created dialog and the keys page on a phone-sized screen", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "mobile");
  const page = owner.page;
  await page.goto(`/w/${slug}/settings/api-keys`);
  await page.getByRole("button", { name: "Create API key" }).click();
  const form = page.getByRole("dialog", { name: "Create an API key" });
  await expect(form.getByRole("textbox", { name: "Name" })).toBeFocused();
  await form.getByRole("button", { name: "Full access" }).click();
  await expect(form.getByRole("button", { name: "Full access" })).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: path.join(ARTIFACTS, "create-key-form.png") });
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await createKey(page, slug, "Status bot", ["status:read", "status:write"], "none");
  await page.screenshot({ path: path.join(ARTIFACTS, "key-created-dialog-mobile.png") });
  await closeKeyDialog(page);
  await page.screenshot({ path: path.join(ARTIFACTS, "api-keys-page-mobile.png"), fullPage: true });
  await page.getByRole("button", { name: "Create API key" }).click();
  await page.screenshot({ path: path.join(ARTIFACTS, "create-key-form-mobile.png") });
  await owner.context.close();
});
