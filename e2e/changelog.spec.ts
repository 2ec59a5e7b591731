import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS } from "./dashboard-helpers";
import { addBoard, apiPost, e2eDatabaseUrl, publishedPortal, sql, type Portal } from "./public-fixtures";

// The changelog section on the production build: a note written in Markdown whose preview is the
// portal's rendering, scheduled a few seconds ahead and absent everywhere until then; a stale
// second tab, a past schedule and the plan limit answered in the form.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed rows");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

const MARKDOWN = "## Faster search\n\nResults now arrive in **50 ms**.\n\n- Typo tolerance\n- [Docs](https://example.com/docs)\n\n<script>alert(1)</script>";

/** A datetime-local value `ms` from now in the browser's time zone, to the second. */
async function localInputIn(page: Page, ms: number) {
  return page.evaluate((offset) => {
    const date = new Date(Date.now() + offset);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, ms);
}

/** Where the note shows up: the portal page, the public JSON, the feed and /api/v1. */
async function surfaces(page: Page, portal: Portal, title: string) {
  const json = await (await page.request.get(`/api/public/${portal.slug}/changelog`)).text();
  const feed = await (await page.request.get(`/api/public/${portal.slug}/changelog/feed.xml`)).text();
  const v1 = await (await page.request.get("/api/v1/changelog", { headers: { authorization: `Bearer ${portal.key}` } })).text();
  const html = await (await page.request.get(`/p/${portal.slug}/changelog`)).text();
  return { json: json.includes(title), feed: feed.includes(title), v1: v1.includes(title), portal: html.includes(title) };
}

test("a note in Markdown: the preview is the portal's rendering; scheduled a few seconds ahead it is nowhere until then, everywhere after", async ({ page }) => {
  test.setTimeout(120_000);
  const portal = await publishedPortal(page);
  const board = await addBoard(portal, "Ideas", "ideas");
  const postId = `pst${randomBytes(8).toString("hex")}`;
  await sql(`INSERT INTO "Post" (id, "workspaceId", "boardId", title, "updatedAt") VALUES ($1, $2, $3, 'Search is slow', now())`, [postId, portal.workspaceId, board]);

  await page.goto(`/w/${portal.slug}/changelog`);
  await expect(page.getByText("No release notes yet")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "changelog, empty");
  await page.getByRole("link", { name: "New note" }).click();
  await page.getByLabel("Title").fill("Search, rebuilt");
  await page.getByLabel("Body (Markdown)").fill(MARKDOWN);
  const preview = page.getByTestId("note-preview");
  await expect(preview.getByRole("heading", { name: "Faster search" })).toBeVisible();
  await expect(preview).toContainText("<script>alert(1)</script>");
  const previewHtml = await preview.locator("> div").innerHTML();

  await page.getByRole("button", { name: "Link a post this note ships" }).click();
  await page.getByRole("combobox", { name: "Search posts by title" }).fill("slow");
  await page.getByRole("option", { name: /Search is slow/ }).click();
  await expect(page.getByRole("list", { name: "Linked posts" })).toContainText("Search is slow");

  await page.getByRole("radio", { name: "Schedule" }).check();
  await expectNoSeriousA11yViolations(page, "note editor");
  await page.screenshot({ path: `${ARTIFACTS}/changelog-editor-desktop.png`, fullPage: true });
  // A few seconds ahead: long enough to look everywhere before, short enough to wait for.
  const goesLive = Date.now() + 8_000;
  await page.getByLabel("Goes live at").fill(await localInputIn(page, 8_000));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page).toHaveURL(/\/changelog\/[^/]+$/);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Scheduled");

  // Before its time: on no surface, and the post does not say "Shipped in" yet.
  expect(await surfaces(page, portal, "Search, rebuilt")).toEqual({ json: false, feed: false, v1: false, portal: false });
  await page.goto(`/p/${portal.slug}/posts/${postId}`);
  await expect(page.getByTestId("shipped-in")).toBeHidden();

  // After it: everywhere, with no write in between (computed at read time).
  await expect.poll(async () => (await surfaces(page, portal, "Search, rebuilt")).json, { timeout: 20_000, intervals: [500] }).toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(goesLive - 2_000);
  expect(await surfaces(page, portal, "Search, rebuilt")).toEqual({ json: true, feed: true, v1: true, portal: true });
  await page.goto(`/p/${portal.slug}/posts/${postId}`);
  await expect(page.getByTestId("shipped-in")).toContainText("Shipped in Search, rebuilt");

  // The portal renders exactly what the preview showed.
  await page.goto(`/p/${portal.slug}/changelog`);
  const article = page.getByTestId("release-note").filter({ hasText: "Search, rebuilt" });
  expect(await article.locator("div.leading-relaxed").innerHTML()).toBe(previewHtml);

  await page.goto(`/w/${portal.slug}/changelog`);
  await expect(page.getByTestId("note-list")).toContainText("Search, rebuilt");
  await expectNoSeriousA11yViolations(page, "changelog list");
  await page.screenshot({ path: `${ARTIFACTS}/changelog-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}/changelog-phone.png`, fullPage: true });
  await page.getByRole("link", { name: "Search, rebuilt" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Search, rebuilt");
  await page.screenshot({ path: `${ARTIFACTS}/changelog-editor-phone.png`, fullPage: true });
});

test("a stale edit from a second tab is refused showing the current version; a past schedule and the plan limit are said in the form", async ({ page, context }) => {
  test.setTimeout(90_000);
  const portal = await publishedPortal(page);
  const note = await apiPost(page.request, portal, "/changelog", { title: "Draft v1", body: "First words.", publish: false });
  const editor = `/w/${portal.slug}/changelog/${note.id}`;

  const other = await context.newPage();
  await other.goto(editor);
  await page.goto(editor);
  await other.getByLabel("Title").fill("Their title");
  await other.getByRole("button", { name: "Save draft" }).click();
  await expect(other.getByText("Draft saved.")).toBeVisible();

  await page.getByLabel("Title").fill("My title");
  await page.getByRole("button", { name: "Save draft" }).click();
  const stale = page.getByTestId("stale-note");
  await expect(stale).toContainText("Someone else saved this release note since you opened it.");
  await expect(stale).toContainText("Their title");
  await stale.getByRole("button", { name: "Load their version" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Their title");

  // A schedule in the past is refused before anything is sent.
  await page.getByRole("radio", { name: "Schedule" }).check();
  await page.getByLabel("Goes live at").fill(await localInputIn(page, -3_600_000));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("This moment has already passed.")).toBeVisible();

  // At the Free plan's 100 notes the list and the form say so before anyone writes.
  await sql(
    `INSERT INTO "ReleaseNote" (id, "workspaceId", title, body, "updatedAt") SELECT 'rn' || md5(random()::text), $1, 'n' || i, 'x', now() FROM generate_series(1, 99) i`,
    [portal.workspaceId],
  );
  await page.goto(`/w/${portal.slug}/changelog`);
  await expect(page.getByTestId("note-limit-note")).toContainText("The Free plan allows 100 release notes.");
  await expect(page.getByRole("link", { name: "New note" })).toHaveCount(0);
  await page.goto(`/w/${portal.slug}/changelog/new`);
  await expect(page.getByRole("alert").filter({ hasText: "The Free plan allows 100 release notes." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save draft" })).toBeDisabled();
});
