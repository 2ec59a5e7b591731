import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { newPerson, ownerWithWorkspace, seedMembership } from "./dashboard-helpers";
import { createBoardInUi, createPostInUi, screenshotBothWidths } from "./feedback-helpers";
import { seedWorkspace, type SeededAccount } from "./accounts";
import { e2eDatabaseUrl, sql } from "./public-fixtures";

// The inbox and a post's page are rendered once per workspace and role and answered to every member
// of that role (lib/surfaces/front-door/dashboard-page-cache.ts): each person's own parts (their
// address, their workspaces, the operator's link) come from their own ask once the page loads.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL)");

test("two admins share one render of the inbox; each sees their own account and workspaces, and a change shows at once", async ({ browser }) => {
  test.setTimeout(150_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "shared");
  await createBoardInUi(owner.page, slug, "Ideas");
  const postId = await createPostInUi(owner.page, slug, "Keyboard shortcuts");

  const ada = await newPerson(browser, "ada", "Ada Admin");
  const ben = await newPerson(browser, "ben", "Ben Admin");
  await seedMembership(slug, ada.email, "ADMIN");
  await seedMembership(slug, ben.email, "ADMIN");
  // Ben has a workspace of his own: his switcher lists it, Ada's does not.
  const [benAccount] = await sql<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [ben.email]);
  await seedWorkspace({ id: benAccount!.id } as SeededAccount, "Ben's Garage", `${slug}-own`);

  const first = await ada.page.goto(`/w/${slug}/posts`);
  expect(first?.headers()["x-cache"]).toBe("MISS");
  const shared = await ben.page.goto(`/w/${slug}/posts`);
  expect(shared?.headers()["x-cache"]).toBe("HIT");
  expect(await shared!.text()).not.toContain(ada.email);

  // Ben's own parts, asked for by the page.
  await expect(ben.page.getByTestId("signed-in-as")).toContainText(ben.email);
  await ben.page.getByTestId("workspace-switcher").click();
  await expect(ben.page.getByRole("menuitemradio", { name: /Ben's Garage/ })).toBeVisible();
  await ben.page.keyboard.press("Escape");
  await expect(ada.page.getByTestId("signed-in-as")).toContainText(ada.email);
  await ada.page.getByTestId("workspace-switcher").click();
  await expect(ada.page.getByRole("menuitemradio")).toHaveCount(1);
  await ada.page.keyboard.press("Escape");

  await expectNoSeriousA11yViolations(ben.page, "inbox from the shared render");
  await screenshotBothWidths(ben.page, "dashboard-shared-inbox");

  // A change by one admin shows on the other's next load of the same address.
  await ada.page.goto(`/w/${slug}/posts/${postId}`);
  await ada.page.getByRole("textbox", { name: "Reply as the team" }).fill("On the list.");
  await ada.page.getByRole("button", { name: "Post reply" }).click();
  await expect(ada.page.getByTestId("team-comment")).toHaveCount(1);
  await ben.page.goto(`/w/${slug}/posts/${postId}`);
  await expect(ben.page.getByTestId("team-comment")).toContainText("On the list.");
  await expect(ben.page.getByTestId("signed-in-as")).toContainText(ben.email);
  await expectNoSeriousA11yViolations(ben.page, "post page from the shared render");
  await screenshotBothWidths(ben.page, "dashboard-shared-post");

  // A viewer of the workspace has a render of their own: no reply box from the admins' one.
  const vera = await newPerson(browser, "vera", "Vera Viewer");
  await seedMembership(slug, vera.email, "VIEWER");
  await vera.page.goto(`/w/${slug}/posts/${postId}`);
  await expect(vera.page.getByTestId("team-comment")).toContainText("On the list.");
  await expect(vera.page.getByRole("textbox", { name: "Reply as the team" })).toHaveCount(0);
});
