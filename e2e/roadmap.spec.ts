import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS } from "./dashboard-helpers";
import { addBoard, e2eDatabaseUrl, publishedPortal, sql, type Portal } from "./public-fixtures";

// The roadmap section on the production build: items built and reordered by mouse and keyboard,
// the same order on the portal; posts linked through the picker; a stage change's offer.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed rows");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

const roadmapPath = (portal: Portal) => `/w/${portal.slug}/roadmap`;

async function cardTitles(page: Page, stage: string) {
  return page.getByTestId(`column-${stage}`).getByTestId("roadmap-card").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-title")));
}

async function portalTitles(page: Page, portal: Portal, stage: string) {
  await page.goto(`/p/${portal.slug}/roadmap`);
  return page.getByTestId(`roadmap-${stage}`).locator("h3").allTextContents();
}

async function addItem(page: Page, stage: string, title: string) {
  await page.getByRole("button", { name: `Add an item to ${stage}` }).click();
  const dialog = page.getByRole("dialog", { name: `Add to ${stage}` });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("roadmap-card").filter({ hasText: title })).toBeVisible();
}

/** A mouse drag from a card's handle to a point, in small steps as a hand would. */
async function drag(page: Page, handle: Locator, to: { x: number; y: number }) {
  // Enabled once React has hydrated the page and dnd-kit listens on it.
  await expect(handle).toBeEnabled();
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 8, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

async function addPost(portal: Portal, boardId: string, title: string, roadmapItemTitle: string | null = null) {
  const postId = `pst${randomBytes(8).toString("hex")}`;
  await sql(
    `INSERT INTO "Post" (id, "workspaceId", "boardId", title, "roadmapItemId", "updatedAt")
     VALUES ($1, $2, $3, $4, (SELECT id FROM "RoadmapItem" WHERE "workspaceId" = $2 AND title = $5), now())`,
    [postId, portal.workspaceId, boardId, title, roadmapItemTitle],
  );
  return postId;
}

test("a roadmap built, reordered by keyboard and by mouse, moved across columns with the offer for its posts; the portal shows the same order", async ({ page }) => {
  test.setTimeout(120_000);
  const portal = await publishedPortal(page);
  await page.goto(roadmapPath(portal));
  await expect(page.getByTestId("column-planned")).toContainText("Drop items here, or add one.");
  await expectNoSeriousA11yViolations(page, "roadmap, empty");

  for (const title of ["Dark mode", "SSO", "Mobile app"]) await addItem(page, "Planned", title);
  expect(await cardTitles(page, "planned")).toEqual(["Dark mode", "SSO", "Mobile app"]);

  // Keyboard: Space lifts, arrows move, Space drops; each key waits as a person would.
  const lift = page.getByRole("button", { name: "Move Mobile app" });
  await expect(lift).toBeEnabled(); // listening once React has hydrated the page
  await lift.focus();
  for (const key of ["Space", "ArrowUp", "ArrowUp", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(() => cardTitles(page, "planned")).toEqual(["Mobile app", "Dark mode", "SSO"]);
  // dnd-kit's live region told a screen reader where it landed.
  await expect(page.locator("[id^='DndLiveRegion']")).toContainText("Mobile app dropped in Planned, position 1 of 3.");

  // Mouse, within the column: SSO above Dark mode.
  const darkMode = (await page.getByTestId("roadmap-card").filter({ hasText: "Dark mode" }).boundingBox())!;
  await drag(page, page.getByRole("button", { name: "Move SSO" }), { x: darkMode.x + darkMode.width / 2, y: darkMode.y + 4 });
  await expect.poll(() => cardTitles(page, "planned")).toEqual(["Mobile app", "SSO", "Dark mode"]);
  await expect(page.getByTestId("order-saving")).toBeEmpty();

  // Mouse, across columns: Dark mode, which has voters waiting, into In progress.
  const board = await addBoard(portal, "Ideas", "ideas");
  await addPost(portal, board, "Please add a dark theme", "Dark mode");
  await page.reload();
  expect(await cardTitles(page, "planned")).toEqual(["Mobile app", "SSO", "Dark mode"]);
  const column = (await page.getByTestId("column-in_progress").boundingBox())!;
  await drag(page, page.getByRole("button", { name: "Move Dark mode" }), { x: column.x + column.width / 2, y: column.y + 60 });
  await expect.poll(() => cardTitles(page, "in_progress")).toEqual(["Dark mode"]);
  // The offer, never forced: the linked post may follow to "In progress".
  const offer = page.getByRole("dialog", { name: "Move the linked posts to In progress?" });
  await expect(offer.getByRole("checkbox", { name: /Please add a dark theme/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page, "roadmap, offer to move linked posts");
  await offer.getByRole("button", { name: "Move 1 post" }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByTestId("roadmap-card").filter({ hasText: "Dark mode" })).toContainText("In progress");

  // Persisted, and the portal shows the same order.
  await page.reload();
  expect(await cardTitles(page, "planned")).toEqual(["Mobile app", "SSO"]);
  expect(await portalTitles(page, portal, "planned")).toEqual(["Mobile app", "SSO"]);
  expect(await portalTitles(page, portal, "in_progress")).toEqual(["Dark mode"]);

  await page.goto(roadmapPath(portal));
  await expectNoSeriousA11yViolations(page, "roadmap with items");
  await page.screenshot({ path: `${ARTIFACTS}/roadmap-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}/roadmap-phone.png`, fullPage: true });
});

test("posts linked and unlinked with the search picker; a move of an item deleted in another tab gets a clear answer", async ({ page, context }) => {
  test.setTimeout(90_000);
  const portal = await publishedPortal(page);
  const board = await addBoard(portal, "Ideas", "ideas");
  await addPost(portal, board, "Night theme for the editor");
  await addPost(portal, board, "Export to CSV");
  await page.goto(roadmapPath(portal));
  await addItem(page, "Planned", "Dark mode");
  await addItem(page, "Planned", "Exports");

  await page.getByRole("button", { name: "Link a post to Dark mode" }).click();
  const picker = page.getByTestId("post-picker");
  await picker.getByRole("combobox", { name: "Search posts by title" }).fill("night");
  await expect(picker.getByRole("option")).toHaveText([/Night theme for the editor/]);
  await expectNoSeriousA11yViolations(page, "roadmap post picker");
  await page.keyboard.press("Enter");
  const card = page.getByTestId("roadmap-card").filter({ hasText: "Dark mode" });
  await expect(card.getByRole("link", { name: "Night theme for the editor" })).toBeVisible();
  await page.goto(`/p/${portal.slug}/roadmap`);
  await expect(page.getByTestId("roadmap-planned")).toContainText("Night theme for the editor");

  await page.goto(roadmapPath(portal));
  await card.getByRole("button", { name: "Unlink Night theme for the editor" }).click();
  await expect(card.getByRole("link", { name: "Night theme for the editor" })).toBeHidden();

  // The keyboard also crosses columns: ArrowRight carries the card into In progress.
  const carry = page.getByRole("button", { name: "Move Dark mode" });
  await expect(carry).toBeEnabled(); // listening once React has hydrated the page
  await carry.focus();
  for (const key of ["Space", "ArrowRight", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(() => cardTitles(page, "in_progress")).toEqual(["Dark mode"]);
  await expect(page.getByTestId("order-saving")).toBeEmpty();
  await page.reload();
  expect(await cardTitles(page, "in_progress")).toEqual(["Dark mode"]);

  // Another tab deletes "Exports"; this tab, still showing it, tries to move it.
  const other = await context.newPage();
  await other.goto(roadmapPath(portal));
  await other.getByRole("button", { name: "Actions for Exports" }).click();
  await other.getByRole("menuitem", { name: "Delete" }).click();
  await other.getByRole("dialog", { name: "Delete “Exports”?" }).getByRole("button", { name: "Delete item" }).click();
  await expect(other.getByTestId("roadmap-card").filter({ hasText: "Exports" })).toBeHidden();

  const stale = page.getByRole("button", { name: "Move Exports" });
  await expect(stale).toBeEnabled(); // listening once React has hydrated the page
  await stale.focus();
  for (const key of ["Space", "ArrowRight", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect(page.getByText("This roadmap item no longer exists: it was deleted, perhaps in another tab.")).toBeVisible();
  await expect.poll(() => cardTitles(page, "planned")).toEqual([]);
});
