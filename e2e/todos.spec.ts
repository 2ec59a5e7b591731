import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, newPerson, ownerWithWorkspace, seedMembership } from "./dashboard-helpers";
import { e2eDatabaseUrl, sql } from "./public-fixtures";

// The todos section end to end on the production build: lists, quick add that keeps the cursor in
// the field, complete, archive, the filters in the URL, rename and delete, the plan limit.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed rows");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

const items = (page: Page) => page.getByTestId("todo-item");
const titles = (page: Page) => items(page).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-title")));
const filter = (page: Page, name: string) => page.getByRole("navigation", { name: "Filter todos" }).getByRole("link", { name: new RegExp(`^${name} \\d+$`) });

test("todos: a list, quick add with Enter keeping the cursor in the field, complete, archive, filters in the URL, rename and delete", async ({ browser }) => {
  test.setTimeout(150_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "todos");
  const page = owner.page;
  await page.goto(`/w/${slug}/todos`);
  await expect(page.getByRole("heading", { name: "No lists yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "todos, empty");

  // A new list opens at once, its id in the URL.
  const newList = page.getByRole("form", { name: "New list" });
  await newList.getByRole("button", { name: "Add" }).click();
  await expect(newList.getByText("Name must not be empty.")).toBeVisible();
  await newList.getByLabel("New list name").fill("Launch");
  await newList.getByRole("button", { name: "Add" }).click();
  await expect(page).toHaveURL(/\/todos\?list=[^&]+&state=open$/);
  await expect(page.getByTestId("list-name")).toHaveText("Launch");

  // Quick add: Enter adds, empties the field and leaves the cursor in it.
  const field = page.getByLabel("New todo in Launch");
  await field.click();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Title must not be empty.")).toBeVisible();
  for (const title of ["Write the announcement", "Record the demo", "Update the docs"]) {
    await page.keyboard.type(title);
    await page.keyboard.press("Enter");
    await expect(field).toHaveValue("");
    await expect(field).toBeFocused();
  }
  await expect(page.getByText("Title must not be empty.")).toHaveCount(0);
  await expect.poll(() => titles(page)).toEqual(["Update the docs", "Record the demo", "Write the announcement"]);
  // The field never waits for the server; the page says when the saves are done.
  await expect(page.getByTestId("todos-saving")).toBeEmpty();
  await page.reload();
  expect(await titles(page)).toEqual(["Update the docs", "Record the demo", "Write the announcement"]);
  await expect(filter(page, "Open")).toHaveText("Open 3");
  await expectNoSeriousA11yViolations(page, "todos with items");

  // Complete: it leaves Open and shows under Completed, whose state is in the URL. A click, not
  // check(): the row leaves the list at once, and check() would wait for the gone box to read
  // checked.
  await page.getByRole("checkbox", { name: "Record the demo" }).click();
  await expect.poll(() => titles(page)).toEqual(["Update the docs", "Write the announcement"]);
  await expect(page.getByTestId("todos-saving")).toBeEmpty();
  await filter(page, "Completed").click();
  await expect(page).toHaveURL(/state=completed$/);
  expect(await titles(page)).toEqual(["Record the demo"]);
  await expect(page.getByRole("checkbox", { name: "Record the demo" })).toBeChecked();
  await expect(page.getByLabel("New todo in Launch")).toHaveCount(0);

  // Uncomplete from there: back to Open.
  await page.getByRole("checkbox", { name: "Record the demo" }).click();
  await expect.poll(() => titles(page)).toEqual([]);
  await expect(page.getByText("Nothing completed yet.")).toBeVisible();

  // Archive, and restore from the archive.
  await filter(page, "Open").click();
  await page.getByRole("button", { name: "Archive Update the docs" }).click();
  await expect.poll(() => titles(page)).toEqual(["Record the demo", "Write the announcement"]);
  await expect(page.getByTestId("todos-saving")).toBeEmpty();
  await filter(page, "Archived").click();
  await expect(page).toHaveURL(/state=archived$/);
  expect(await titles(page)).toEqual(["Update the docs"]);
  await page.getByRole("button", { name: "Restore Update the docs" }).click();
  await expect.poll(() => titles(page)).toEqual([]);

  // All, straight from a URL.
  await page.getByRole("checkbox", { name: "Write the announcement" }).waitFor({ state: "detached" });
  await page.goto(page.url().replace(/state=\w+$/, "state=all"));
  expect(await titles(page)).toEqual(["Update the docs", "Record the demo", "Write the announcement"]);
  await expect(filter(page, "All")).toHaveAttribute("aria-current", "page");

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${ARTIFACTS}/todos-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}/todos-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A second list; a taken name is said on the field.
  await newList.getByLabel("New list name").fill("Launch");
  await newList.getByRole("button", { name: "Add" }).click();
  await expect(newList.getByText("A list named “Launch” already exists.")).toBeVisible();
  await newList.getByLabel("New list name").fill("Bugs");
  await newList.getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("list-name")).toHaveText("Bugs");
  await expect(page.getByRole("navigation", { name: "Todo lists" }).getByRole("link", { name: /^Launch/ })).toContainText("3");

  // Rename with Enter; delete after confirming.
  await page.getByRole("button", { name: "Rename" }).click();
  const rename = page.getByLabel("List name", { exact: true });
  await rename.fill("Bugs to triage");
  await rename.press("Enter");
  await expect(page.getByTestId("list-name")).toHaveText("Bugs to triage");
  await page.getByRole("button", { name: "Delete list" }).click();
  await page.getByRole("dialog", { name: "Delete “Bugs to triage”?" }).getByRole("button", { name: "Delete list" }).click();
  await expect(page.getByTestId("list-name")).toHaveText("Launch");
  await expect(page.getByRole("navigation", { name: "Todo lists" }).getByRole("link")).toHaveCount(1);
  await owner.context.close();
});

test("the Free plan's 500 todo items are said before anyone types the 501st", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "todolimit");
  const page = owner.page;
  const [workspace] = await sql<{ id: string }>(`SELECT id FROM "Workspace" WHERE slug = $1`, [slug]);
  const [list] = await sql<{ id: string }>(`INSERT INTO "TodoList" (id, "workspaceId", name, "updatedAt") VALUES ('tl_' || md5(random()::text), $1, 'Backlog', now()) RETURNING id`, [workspace!.id]);
  await sql(
    `INSERT INTO "TodoItem" (id, "workspaceId", "listId", title, "updatedAt") SELECT 'ti_' || md5(random()::text || n), $1, $2, 'Item ' || n, now() FROM generate_series(1, 499) n`,
    [workspace!.id, list!.id],
  );
  await page.goto(`/w/${slug}/todos`);
  await expect(page.getByTestId("todo-usage")).toContainText("499 of 500");
  const field = page.getByLabel("New todo in Backlog");
  await field.fill("The last one");
  await field.press("Enter");
  await expect(field).toHaveValue("");
  await expect(page.getByTestId("todo-usage")).toContainText("500 of 500");
  await expect(field).toBeDisabled();
  await expect(page.getByRole("alert").filter({ hasText: "The Free plan allows 500 todo items." })).toBeVisible();
  await owner.context.close();
});

test("viewers read the lists with no control that would only fail; members get the whole page", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "todoroles");
  await owner.page.goto(`/w/${slug}/todos`);
  await owner.page.getByLabel("New list name").fill("Launch");
  await owner.page.getByRole("form", { name: "New list" }).getByRole("button", { name: "Add" }).click();
  await owner.page.getByLabel("New todo in Launch").fill("Ship it");
  await owner.page.getByLabel("New todo in Launch").press("Enter");
  await expect(owner.page.getByTestId("todo-item")).toHaveCount(1);

  const viewer = await newPerson(browser, "viewer", "Vera Viewer");
  await seedMembership(slug, viewer.email, "VIEWER");
  await viewer.page.goto(`/w/${slug}/todos`);
  await expect(viewer.page.getByText("You are a viewer: you can read the lists")).toBeVisible();
  await expect(viewer.page.getByTestId("todo-item")).toHaveText(/Ship it/);
  await expect(viewer.page.getByRole("checkbox")).toHaveCount(0);
  await expect(viewer.page.getByRole("textbox")).toHaveCount(0);
  for (const name of [/^Archive/, /^Rename$/, /^Delete list$/, /^Add$/]) await expect(viewer.page.getByRole("button", { name })).toHaveCount(0);
  await expectNoSeriousA11yViolations(viewer.page, "todos as viewer");

  const member = await newPerson(browser, "member", "Max Member");
  await seedMembership(slug, member.email, "MEMBER");
  await member.page.goto(`/w/${slug}/todos`);
  await member.page.getByRole("checkbox", { name: "Ship it" }).click();
  await expect.poll(() => member.page.getByTestId("todo-item").count()).toBe(0);
  for (const person of [owner, viewer, member]) await person.context.close();
});
