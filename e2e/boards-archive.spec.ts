import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerWithWorkspace } from "./dashboard-helpers";
import { createBoardInUi, createPostInUi, publishPortal, screenshotBothWidths } from "./feedback-helpers";
import { e2eDatabaseUrl } from "./public-fixtures";

test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL)");

test("an archived board leaves the portal's list and the new-post choices, its page keeps its ideas without a form, and one click opens it again", async ({ browser }) => {
  test.setTimeout(180_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "archive");
  const page = owner.page;
  await createBoardInUi(page, slug, "Ideas");
  await createBoardInUi(page, slug, "Old ideas", { boardSlug: "old-ideas" });
  await createPostInUi(page, slug, "Kept idea", { board: "Old ideas" });
  await publishPortal(page, slug);

  await page.goto(`/w/${slug}/boards`);
  await page.getByRole("button", { name: "Archive Old ideas" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“Old ideas” is archived" })).toBeVisible();
  const row = page.getByTestId("board-row").filter({ hasText: "Old ideas" });
  await expect(row.getByText("Archived", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen Old ideas" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "boards with an archived one");
  await screenshotBothWidths(page, "boards-archived");

  // The new-post dialog offers only boards that take posts.
  await page.goto(`/w/${slug}/posts`);
  await page.getByRole("button", { name: "New post" }).click();
  const options = page.getByRole("dialog", { name: "New post" }).getByLabel("Board").locator("option");
  await expect(options).toHaveText(["Ideas"]);
  await page.keyboard.press("Escape");

  // The portal: the list leaves it out; its page still shows its ideas, says why there is no form.
  const visitor = await browser.newContext();
  const portal = await visitor.newPage();
  await portal.goto(`/p/${slug}`);
  await expect(portal.getByRole("link", { name: /^Ideas/ })).toBeVisible();
  await expect(portal.getByRole("link", { name: /Old ideas/ })).toHaveCount(0);
  await portal.goto(`/p/${slug}/boards/old-ideas`);
  await expect(portal.getByText("This board is archived: it no longer takes new ideas.")).toBeVisible();
  await expect(portal.getByText("Kept idea")).toBeVisible();
  await expect(portal.getByText("to post an idea, vote and comment")).toHaveCount(0);
  await expectNoSeriousA11yViolations(portal, "an archived board on the portal");
  await screenshotBothWidths(portal, "portal-board-archived");

  await page.goto(`/w/${slug}/boards`);
  await page.getByRole("button", { name: "Reopen Old ideas" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“Old ideas” takes new posts again." })).toBeVisible();
  await expect(row.getByText("Archived", { exact: true })).toHaveCount(0);
  await visitor.close();
  await owner.context.close();
});
