import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { uniqueSlug } from "./helpers";
import { addMember, ARTIFACTS, newPerson, ownerWithWorkspace } from "./dashboard-helpers";

// Workspace settings: name, slug (creation rules), plan and usage, the portal switch.

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

test("an owner renames the workspace, changes its slug and publishes the portal; the plan shows limits and usage", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "general");
  const page = owner.page;
  await page.goto(`/w/${slug}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Workspace settings" })).toBeVisible();
  const plan = page.getByTestId("plan-usage");
  await expect(plan.getByRole("row", { name: /Members/ })).toContainText("1 of 5");
  await expect(plan.getByRole("row", { name: /Active API keys/ })).toContainText("0 of 5");
  await expect(plan.getByRole("row", { name: /Boards/ })).toContainText("0 of 3");
  await page.screenshot({ path: path.join(ARTIFACTS, "general-settings.png"), fullPage: true });

  // Same slug rules as at creation, errors on the field.
  const slugField = page.getByRole("textbox", { name: "Slug", exact: true });
  await slugField.fill("api");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("This slug is reserved. Choose another.")).toBeVisible();
  await slugField.fill("Bad Slug");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Use lowercase letters, digits and hyphens only.")).toBeVisible();
  const other = await ownerWithWorkspace(browser, "taken");
  await slugField.fill(other.slug);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("This slug is already taken. Choose another.")).toBeVisible();

  const renamed = uniqueSlug("renamed");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Acme Orbital");
  await slugField.fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${renamed}/settings$`));
  await expect(page.getByRole("status").filter({ hasText: "Workspace settings saved." })).toBeVisible();
  await expect(page.getByTestId("workspace-switcher")).toHaveAccessibleName("Workspace: Acme Orbital");

  const portal = page.getByRole("switch", { name: "Publish the portal" });
  await expect(portal).toHaveAttribute("aria-checked", "false");
  await portal.press("Space");
  await expect(page.getByRole("status").filter({ hasText: "The portal is published." })).toBeVisible();
  await expect(portal).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Public portal" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Publish the portal" })).toHaveAttribute("aria-checked", "true");
  await Promise.all([owner.context.close(), other.owner.context.close()]);
});

test("a member sees the settings read-only, and the pages work by keyboard", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "readonly");
  const member = await newPerson(browser, "reader", "Rita Reader");
  await addMember(owner.page, slug, member, "MEMBER");
  const page = member.page;
  await page.goto(`/w/${slug}/settings`);
  await expect(page.getByText("only admins and owners can change them")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Publish the portal" })).toBeDisabled();

  // Keyboard: the settings navigation is reachable with Tab and shows where focus is.
  await page.goto(`/w/${slug}/settings/members`);
  const keysLink = page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" });
  for (let i = 0; i < 15 && !(await keysLink.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(keysLink).toBeFocused();
  const outline = await keysLink.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "API keys: not allowed" })).toBeVisible();
  await Promise.all([owner.context.close(), member.context.close()]);
});
