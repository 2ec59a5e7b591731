import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS } from "./dashboard-helpers";
import { addComponent, apiPost, e2eDatabaseUrl, publishedPortal, sql } from "./public-fixtures";

// What a new user meets in the first hour: every workspace section reachable on a phone, `/`
// leading a signed-in person to the dashboard, the board dialog telling the portal's real state,
// a new component's uptime over its own life, and dates in one style (local in the dashboard).

test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SECTIONS = [
  ["Overview", ""],
  ["Posts", "/posts"],
  ["Boards", "/boards"],
  ["Roadmap", "/roadmap"],
  ["Changelog", "/changelog"],
  ["Status", "/status"],
  ["Todos", "/todos"],
  ["Settings", "/settings"],
] as const;

const menuButton = (page: Page) => page.getByRole("button", { name: /^Menu/ });
const menu = (page: Page) => page.getByRole("dialog", { name: "Workspace sections" });

/** Tab forward (inside the open menu) until the link named `name` has focus; fails after 20 tries. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 20; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (focused === name) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`never reached "${name}" by Tab`);
}

test("on a phone every workspace section is in the menu, by keyboard and by tap; the desktop row is unchanged", async ({ page, browser }) => {
  const portal = await publishedPortal(page);
  const base = `/w/${portal.slug}`;

  // Desktop: the row as it was, no menu button.
  await page.setViewportSize(DESKTOP);
  await page.goto(base);
  const row = page.getByRole("navigation", { name: "Workspace" });
  await expect(row.getByRole("link")).toHaveCount(SECTIONS.length + 1);
  for (const [name] of SECTIONS) await expect(row.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
  await page.screenshot({ path: path.join(ARTIFACTS, "first-hour-nav-desktop.png") });

  // Phone, keyboard only: open with Enter, focus stays inside, Tab reaches each section, Enter follows it.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("navigation", { name: "Workspace" })).toBeHidden();
  await expect(menuButton(page)).toBeVisible();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  for (const [name, suffix] of SECTIONS) {
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(menu(page)).toBeVisible();
    // While the menu is open the page behind it is hidden from assistive technology, button included.
    await expect(page.getByTestId("workspace-menu-button")).toHaveAttribute("aria-expanded", "true");
    await tabTo(page, name);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${base}${suffix}$`));
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toContainText(`current section: ${name}`);
  }

  // The open menu: marks the current page, traps focus, passes axe, and Escape hands focus back.
  await menuButton(page).focus();
  await page.keyboard.press("Enter");
  const nav = menu(page).getByRole("navigation", { name: "Workspace" });
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("[aria-current]")).toHaveCount(1);
  await expect(nav.getByRole("link", { name: /Public portal/ })).toHaveAttribute("href", `/p/${portal.slug}`);
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), "focus stays in the menu").toBe(true);
  }
  await page.screenshot({ path: path.join(ARTIFACTS, "first-hour-nav-phone-menu.png") });
  await expectNoSeriousA11yViolations(page, "open phone menu");
  await page.keyboard.press("Escape");
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  await page.screenshot({ path: path.join(ARTIFACTS, "first-hour-nav-phone.png") });
  await expectNoSeriousA11yViolations(page, "phone page with the menu closed");

  // A touch phone: tap the button, tap a section; the close button closes too.
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, storageState: await page.context().storageState() });
  const touch = await phone.newPage();
  await touch.goto(base);
  for (const [name, suffix] of SECTIONS.toReversed()) {
    await menuButton(touch).tap();
    await menu(touch).getByRole("link", { name, exact: true }).tap();
    await expect(touch).toHaveURL(new RegExp(`${base}${suffix}$`));
    await expect(menu(touch)).toBeHidden();
  }
  await menuButton(touch).tap();
  await menu(touch).getByRole("button", { name: "Close menu" }).tap();
  await expect(menu(touch)).toBeHidden();
  await phone.close();
});

test("signed in, / opens the only workspace's dashboard; signed out it offers sign-in", async ({ page, browser }) => {
  const portal = await publishedPortal(page);
  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(`/w/${portal.slug}$`));

  const visitor = await browser.newContext();
  const signedOut = await visitor.newPage();
  await signedOut.goto("/");
  await expect(signedOut).toHaveURL(/\/$/);
  await expect(signedOut.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(signedOut.getByRole("link", { name: "Create an account" })).toBeVisible();
  await visitor.close();
});

test("the New board dialog says what the portal's state means for a public board", async ({ page }) => {
  const portal = await publishedPortal(page);
  await page.goto(`/w/${portal.slug}/boards`);
  await page.getByRole("button", { name: "New board" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New board" });
  await expect(dialog).toContainText("The portal is published: this board shows there as soon as it is saved.");
  await expect(dialog).not.toContainText("once");
  await dialog.getByText("Private", { exact: true }).click();
  await expect(dialog).toContainText("The portal is published; a private board stays off it.");

  await sql(`UPDATE "Workspace" SET "portalPublished" = false WHERE id = $1`, [portal.workspaceId]);
  await page.reload();
  await page.getByRole("button", { name: "New board" }).first().click();
  await expect(page.getByRole("dialog", { name: "New board" })).toContainText("The portal is not published yet: public boards show there once it is");
});

test("a component added 10 minutes ago with a 2-minute outage: its uptime counts from then, earlier days read No data", async ({ page }) => {
  const portal = await publishedPortal(page);
  await addComponent(portal, "Website", 0);
  const fresh = await addComponent(portal, "Search", 1);
  await sql(`UPDATE "StatusComponent" SET "createdAt" = now() - interval '10 minutes' WHERE id = $1`, [fresh]);
  await sql(
    `INSERT INTO "ComponentStatusChange" (id, "workspaceId", "componentId", "fromStatus", "toStatus", at) VALUES
       ('chg' || md5(random()::text), $1, $2, 'operational', 'major_outage', now() - interval '6 minutes'),
       ('chg' || md5(random()::text), $1, $2, 'major_outage', 'operational', now() - interval '4 minutes')`,
    [portal.workspaceId, fresh],
  );

  await page.setViewportSize(DESKTOP);
  await page.goto(`/p/${portal.slug}/status`);
  await expect(page.getByText("All times UTC")).toHaveCount(1);
  await expect(page.getByText(/\bUTC\b/)).toHaveCount(1);
  const row = page.getByTestId("status-component").filter({ hasText: "Search" });
  // 8 of 10 minutes up (give or take the seconds the page took): about 80 %, not 90 days' worth.
  await expect(row.getByTestId("uptime-percent")).toHaveText(/^(79|80|81)\.\d\d% uptime since \d{1,2} \w{3} \d{4}$/);
  // One day bar (two just after midnight UTC), the rest of the 90 grey.
  const dayBars = await row.getByTestId("uptime-bars").locator("button").count();
  expect(dayBars).toBeGreaterThanOrEqual(1);
  expect(dayBars).toBeLessThanOrEqual(2);
  await expect(row.locator("[data-no-data]")).toHaveCount(90 - dayBars);
  await expect(row.locator('button[data-state="major_outage"]')).toHaveCount(1);
  await row.locator("[data-no-data]").nth(60).hover();
  await expect(page.getByTestId("uptime-tooltip")).toContainText("No data");
  await page.screenshot({ path: path.join(ARTIFACTS, "first-hour-uptime-new-component.png") });
  await page.mouse.move(0, 0);
  await expect(page.getByTestId("status-component").filter({ hasText: "Website" }).getByTestId("uptime-percent")).toHaveText(/^100\.00% uptime since/);
  await expectNoSeriousA11yViolations(page, "status page with a new component");
});

test.describe("dates in the viewer's zone", () => {
  test.use({ locale: "en-GB", timezoneId: "Asia/Kolkata" });

  test("the dashboard shows an incident's times in the viewer's locale and zone, without a hydration error", async ({ page, request }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const portal = await publishedPortal(page);
    const incident = await apiPost(request, portal, "/status/incidents", { title: "Slow search", message: "Looking into it.", impact: "minor" });
    await page.goto(`/w/${portal.slug}/status/incidents/${String(incident.id)}`);
    const local = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Asia/Kolkata" });
    const opened = page.locator(`time[datetime="${String(incident.createdAt)}"]`).first();
    await expect(opened).toHaveText(local.format(new Date(String(incident.createdAt))));
    await expect(opened).not.toContainText("UTC");
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });
});
