import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, closeKeyDialog, createKey, e2eDatabaseUrl, newPerson, ownerWithWorkspace, seedMembership } from "./dashboard-helpers";

// Workspace lifecycle: deleting a workspace (typed slug; keys 401 and portal 404 at once),
// leaving one (never the last owner), and a workspace deleted under another open tab.

test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) for seedMembership");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

async function publishPortal(page: Page, slug: string) {
  await page.goto(`/w/${slug}/settings`);
  await page.getByRole("switch", { name: "Publish the portal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The portal is published." })).toBeVisible();
}

function deleteDialog(page: Page) {
  return page.getByRole("dialog", { name: /^Delete .*\?$/ });
}

test("an owner deletes a workspace by typing its slug: a typo is refused, then its keys answer 401 and its portal 404 at once", async ({ browser, request }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "doomed");
  const page = owner.page;
  await publishPortal(page, slug);
  const { key } = await createKey(page, slug, "CI", ["posts:read"]);
  await closeKeyDialog(page);

  const auth = { authorization: `Bearer ${key}` };
  expect((await request.get("/api/v1/posts", { headers: auth })).status()).toBe(200);
  expect((await request.get(`/p/${slug}`)).status()).toBe(200);
  // Twice, so this server holds the answer in its public cache when the delete happens.
  expect((await request.get(`/api/public/${slug}/status`)).status()).toBe(200);
  expect((await request.get(`/api/public/${slug}/status`)).headers()["x-cache"]).toBe("HIT");

  await page.goto(`/w/${slug}/settings`);
  await page.getByRole("button", { name: "Delete workspace…" }).click();
  const dialog = deleteDialog(page);
  await expect(dialog).toBeVisible();
  const confirmation = dialog.getByRole("textbox", { name: `Type ${slug} to confirm` });
  await expect(confirmation).toBeFocused();
  await confirmation.fill(`${slug.slice(0, -1)}x`);
  await dialog.getByRole("button", { name: "Delete this workspace" }).click();
  await expect(dialog.getByText(`That is not this workspace's slug. Type ${slug} to confirm.`)).toBeVisible();
  await expect(confirmation).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: path.join(ARTIFACTS, "delete-workspace-typo.png") });
  await expectNoSeriousA11yViolations(page, "delete dialog with an error");
  // Nothing happened: the key still works.
  expect((await request.get("/api/v1/posts", { headers: auth })).status()).toBe(200);

  await confirmation.fill(slug);
  await dialog.getByRole("button", { name: "Delete this workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(page.getByRole("status").filter({ hasText: "Acme Rockets was deleted." })).toBeVisible();
  await expect(page.getByText("You have no workspaces yet.")).toBeVisible();

  const afterKey = await request.get("/api/v1/posts", { headers: auth });
  expect(afterKey.status()).toBe(401);
  expect((await afterKey.json()).code).toBe("UNAUTHORIZED");
  expect((await request.get(`/p/${slug}`)).status()).toBe(404);
  expect((await request.get(`/p/${slug}/status`)).status()).toBe(404);
  const publicStatus = await request.get(`/api/public/${slug}/status`);
  expect(publicStatus.status()).toBe(404);
  expect(publicStatus.headers()["x-cache"]).not.toBe("HIT");

  const gone = await page.goto(`/w/${slug}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Workspace not found" })).toBeVisible();
  await owner.context.close();
});

test("a workspace deleted in one tab while another tab edits it: the edit is refused as gone, and the page offers a way out", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "twotabs");
  const editing = await owner.context.newPage();
  await editing.goto(`/w/${slug}/settings`);
  await editing.getByRole("textbox", { name: "Name", exact: true }).fill("Renamed meanwhile");

  await owner.page.goto(`/w/${slug}/settings`);
  await owner.page.getByRole("button", { name: "Delete workspace…" }).click();
  await deleteDialog(owner.page).getByRole("textbox").fill(slug);
  await deleteDialog(owner.page).getByRole("button", { name: "Delete this workspace" }).click();
  await expect(owner.page).toHaveURL(/\/workspaces$/);

  await editing.getByRole("button", { name: "Save changes" }).click();
  await expect(editing.getByRole("alert").filter({ hasText: "This workspace no longer exists, or you are no longer a member of it." })).toBeVisible();
  await editing.reload();
  await expect(editing.getByRole("heading", { level: 1, name: "Workspace not found" })).toBeVisible();
  await editing.getByRole("link", { name: "Your workspaces" }).click();
  await expect(editing).toHaveURL(/\/workspaces$/);
  await owner.context.close();
});

test("a member leaves a workspace; the only owner cannot, and is told to hand ownership on or delete it", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "leaving");
  const member = await newPerson(browser, "leaver", "Lee Leaver");
  await seedMembership(slug, member.email, "MEMBER");

  // The only owner: the button is off and says why.
  await owner.page.goto(`/w/${slug}/settings`);
  const ownerLeave = owner.page.getByRole("button", { name: "Leave workspace" });
  await expect(ownerLeave).toBeDisabled();
  await expect(ownerLeave).toHaveAccessibleDescription(/You are its only owner\. Make someone else an owner first/);
  await expect(owner.page.getByRole("button", { name: "Delete workspace…" })).toBeVisible();
  await owner.page.screenshot({ path: path.join(ARTIFACTS, "danger-zone-owner.png"), fullPage: true });
  await expectNoSeriousA11yViolations(owner.page, "general settings with the danger zone");

  // A member sees Leave, not Delete.
  const page = member.page;
  await page.goto(`/w/${slug}/settings`);
  await expect(page.getByRole("button", { name: "Delete workspace…" })).toHaveCount(0);
  await page.getByRole("button", { name: "Leave workspace" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave Acme Rockets?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, "leave dialog");
  await dialog.getByRole("button", { name: "Leave workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(page.getByRole("status").filter({ hasText: "You left Acme Rockets." })).toBeVisible();
  expect((await page.goto(`/w/${slug}`))?.status()).toBe(404);

  // With a second owner, the first may leave.
  const second = await newPerson(browser, "heir", "Hana Heir");
  await seedMembership(slug, second.email, "OWNER");
  await owner.page.reload();
  await owner.page.getByRole("button", { name: "Leave workspace" }).click();
  await owner.page.getByRole("dialog", { name: "Leave Acme Rockets?" }).getByRole("button", { name: "Leave workspace" }).click();
  await expect(owner.page).toHaveURL(/\/workspaces$/);
  await second.page.goto(`/w/${slug}/settings`);
  await expect(second.page.getByRole("button", { name: "Leave workspace" })).toBeDisabled();
  await Promise.all([owner.context.close(), member.context.close(), second.context.close()]);
});
