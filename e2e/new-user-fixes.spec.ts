import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { rowId } from "./accounts";
import { ARTIFACTS } from "./dashboard-helpers";
import { addBoard, addComponent, apiPost, e2eDatabaseUrl, publishedPortal, sql, type Portal } from "./public-fixtures";

// What a new user tripped on, seen in the browser: user-written text with its own direction on the
// Arabic status page and the badge in the page's language, release-note code blocks in the dark
// scheme, the phone layout of the inbox's tabs, roadmap post titles and members' joined dates, the
// post page's tab title, and Slack endpoints without a signing secret.

test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** WCAG relative luminance of a CSS colour: near 0 dark, near 1 light. */
async function luminance(page: Page, color: string): Promise<number> {
  return page.evaluate((value) => {
    const probe = document.createElement("canvas").getContext("2d")!;
    probe.fillStyle = value;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...probe.getImageData(0, 0, 1, 1).data].map((c) => c / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  }, color);
}

/** Whether the element's text is cut: wider than its box, or drawn with an ellipsis. */
async function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1 || getComputedStyle(element).textOverflow === "ellipsis");
}

async function incidentOn(page: Page, portal: Portal) {
  const api = await addComponent(portal, "API");
  await apiPost(page.request, portal, "/status/incidents", {
    title: "Latency",
    message: "Fixed. Latency is back to normal.",
    impact: "minor",
    components: [{ id: api, status: "degraded_performance" }],
  });
}

test("the Arabic status page: the team's English text keeps its own direction, and the badge is in Arabic", async ({ page, browser }) => {
  const portal = await publishedPortal(page);
  await incidentOn(page, portal);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/p/${portal.slug}/ar/status`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const incident = page.getByTestId("incident").first();
  await expect(incident.getByRole("heading", { name: "Latency" })).toHaveAttribute("dir", "auto");
  // The update's message is isolated: its full stop stays at its own end, not the page's.
  const message = incident.getByTestId("incident-update-message");
  await expect(message).toHaveText("Fixed. Latency is back to normal.");
  expect(await message.evaluate((element) => element.tagName)).toBe("BDI");
  await expect(page.getByTestId("status-component").first().getByText("API", { exact: true })).toHaveAttribute("dir", "auto");

  const badge = page.getByTestId("status-badge");
  await expect(badge).toHaveAttribute("src", new RegExp(`/api/public/${portal.slug}/status/badge\\.svg\\?lang=ar$`));
  const svg = await (await page.request.get((await badge.getAttribute("src"))!)).text();
  expect(svg).toContain("<title>الحالة: ");
  await expectNoSeriousA11yViolations(page, "Arabic status page");
  await page.screenshot({ path: path.join(ARTIFACTS, "new-user-status-ar-desktop.png"), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(ARTIFACTS, "new-user-status-ar-phone.png"), fullPage: true });

  // German too: the badge's words in the page's language; English keeps the plain address.
  await page.goto(`/p/${portal.slug}/de/status`);
  const german = await (await page.request.get((await page.getByTestId("status-badge").getAttribute("src"))!)).text();
  expect(german).toMatch(/<title>Status: (betriebsbereit|beeinträchtigt|teilweiser Ausfall|größerer Ausfall|Wartung)<\/title>/);
  await page.goto(`/p/${portal.slug}/status`);
  await expect(page.getByTestId("status-badge")).toHaveAttribute("src", `/api/public/${portal.slug}/status/badge.svg`);

  const dark = await browser.newContext({ colorScheme: "dark", viewport: PHONE });
  const darkPage = await dark.newPage();
  await darkPage.goto(`/p/${portal.slug}/ar/status`);
  await darkPage.screenshot({ path: path.join(ARTIFACTS, "new-user-status-ar-dark-phone.png"), fullPage: true });
  await dark.close();
});

test("a release note's code block is dark on the dark scheme and light on the light one, readable on both", async ({ page, browser }) => {
  const portal = await publishedPortal(page);
  await apiPost(page.request, portal, "/changelog", { title: "Local development", body: "Start it with:\n\n```\nnpm run dev -- -p 3960\n```\n\nThen open the `outbox`." });
  for (const scheme of ["dark", "light"] as const) {
    const context = await browser.newContext({ colorScheme: scheme, viewport: DESKTOP });
    const visitor = await context.newPage();
    await visitor.goto(`/p/${portal.slug}/changelog`);
    const block = visitor.locator("pre").first();
    await expect(block).toContainText("npm run dev -- -p 3960");
    const { background, color } = await block.evaluate((element) => ({ background: getComputedStyle(element).backgroundColor, color: getComputedStyle(element).color }));
    const [back, text] = [await luminance(visitor, background), await luminance(visitor, color)];
    if (scheme === "dark") {
      expect(back, "a dark block, not a white slab").toBeLessThan(0.1);
      expect(text).toBeGreaterThan(0.6);
    } else {
      expect(back).toBeGreaterThan(0.8);
      expect(text).toBeLessThan(0.1);
    }
    await visitor.screenshot({ path: path.join(ARTIFACTS, `new-user-code-block-${scheme}.png`) });
    await context.close();
  }
});

test("on a phone: the inbox's tabs show they scroll, roadmap post titles and joined dates are whole; the post page is titled by its post", async ({ page }) => {
  const portal = await publishedPortal(page);
  const boardId = await addBoard(portal, "Feature requests", "features");
  const title = "Export every post of every board to CSV with its votes, comments and status history";
  const post = await apiPost(page.request, portal, "/posts", { boardId, title });
  const itemId = rowId();
  await sql(`INSERT INTO "RoadmapItem" (id, "workspaceId", title, stage, "updatedAt") VALUES ($1, $2, 'Exports', 'planned', now())`, [itemId, portal.workspaceId]);
  await sql(`UPDATE "Post" SET "roadmapItemId" = $1 WHERE id = $2`, [itemId, post.id]);

  await page.setViewportSize(PHONE);
  await page.goto(`/w/${portal.slug}/posts`);
  const tabs = page.getByTestId("status-tabs");
  expect(await tabs.evaluate((element) => element.scrollWidth > element.clientWidth), "the tabs are wider than a phone").toBe(true);
  expect(await tabs.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain("radial-gradient");
  await page.screenshot({ path: path.join(ARTIFACTS, "new-user-inbox-tabs-phone.png") });

  await page.goto(`/w/${portal.slug}/roadmap`);
  const linked = page.getByTestId("roadmap-post-title").filter({ hasText: title });
  await expect(linked).toHaveText(title);
  expect(await isCut(linked)).toBe(false);
  await page.screenshot({ path: path.join(ARTIFACTS, "new-user-roadmap-phone.png"), fullPage: true });
  await page.goto(`/p/${portal.slug}/roadmap`);
  const onPortal = page.getByTestId("roadmap-post-title").filter({ hasText: title });
  expect(await isCut(onPortal)).toBe(false);
  await page.screenshot({ path: path.join(ARTIFACTS, "new-user-portal-roadmap-phone.png"), fullPage: true });

  await page.goto(`/w/${portal.slug}/settings/members`);
  const joined = page.getByTestId("member-joined").first();
  await expect(joined).toContainText(/^joined .*\d{4}$/);
  expect(await isCut(joined)).toBe(false);
  expect(await isCut(joined.locator(".."))).toBe(false);
  await page.screenshot({ path: path.join(ARTIFACTS, "new-user-members-phone.png"), fullPage: true });

  await page.setViewportSize(DESKTOP);
  await page.goto(`/w/${portal.slug}/posts/${post.id}`);
  await expect(page).toHaveTitle(new RegExp(`^${title} · Acme Rockets`));
});

test("a Slack endpoint on a local address: the form says local addresses are allowed here, and no signing secret is shown", async ({ page }) => {
  const portal = await publishedPortal(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/w/${portal.slug}/settings/webhooks`);
  await page.getByRole("button", { name: "Add webhook" }).first().click();
  const dialog = page.getByTestId("webhook-form-dialog");
  // The e2e server allows private networks (as npm run dev does without a setting): the hint says so.
  await expect(dialog.getByText(/local and private addresses such as http:\/\/127\.0\.0\.1/)).toBeVisible();
  await dialog.getByLabel("URL").fill("http://127.0.0.1:9/hooks/slack");
  await dialog.getByLabel("Format").selectOption("slack");
  await page.screenshot({ path: path.join(ARTIFACTS, "new-user-webhook-form.png") });
  await dialog.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText("Slack incoming webhook added")).toBeVisible();
  await expect(page.getByTestId("webhook-secret-dialog")).toBeHidden();
  const row = page.getByTestId("webhook-row").filter({ hasText: "127.0.0.1:9/hooks/slack" });
  await expect(row).toBeVisible();
  await expect(row.getByRole("button", { name: "Rotate secret" })).toHaveCount(0);
});
