import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, closeKeyDialog, createKey, e2eDatabaseUrl, newPerson, ownerWithWorkspace, seedBoard, seedMembership } from "./dashboard-helpers";
import { createWorkspace, uniqueSlug } from "./helpers";

// The app shell: the overview (cards, what needs attention, the getting-started
// checklist), the workspace switcher, 404 pages in their chrome, the portal header, and icons,
// titles, Open Graph, robots.txt and the sitemap. Screenshots at 1280 and 390 px in e2e/artifacts.

test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed boards and members");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));
// Long walks through several pages with an axe scan at two widths each.
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

/** Full-page screenshots at desktop and phone width; the page is left at desktop width. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-phone.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page, `${name} at phone width`);
  await page.setViewportSize(DESKTOP);
}

async function publishPortal(page: Page, slug: string) {
  await page.goto(`/w/${slug}/settings`);
  await page.getByRole("switch", { name: "Publish the portal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The portal is published." })).toBeVisible();
}

async function api(request: APIRequestContext, key: string, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${key}` }, data });
  expect(response.status(), await response.text()).toBe(201);
}

test("the empty-workspace checklist ticks itself off as its steps are done; the full overview shows what needs attention", async ({ browser, request }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "overview");
  const page = owner.page;
  const progress = page.getByTestId("getting-started-progress");
  const step = (name: string) => page.getByTestId(`step-${name}`);

  await page.goto(`/w/${slug}`);
  await expect(page).toHaveTitle("Overview · Acme Rockets");
  await expect(progress).toHaveText("0 of 4 done");
  await expect(page.getByTestId("needs-attention")).toContainText("All clear");
  await expect(step("board").getByRole("link", { name: "Create a board", exact: true })).toHaveAttribute("href", `/w/${slug}/boards`);
  await expectNoSeriousA11yViolations(page, "empty overview");
  await screenshots(page, "overview-empty");

  const boardId = await seedBoard(slug);
  await page.reload();
  await expect(step("board")).toHaveAttribute("data-done", "true");
  await expect(step("board")).toContainText("Done: Create a board");
  await expect(progress).toHaveText("1 of 4 done");

  await publishPortal(page, slug);
  await page.goto(`/w/${slug}`);
  await expect(step("portal")).toHaveAttribute("data-done", "true");
  await expect(progress).toHaveText("2 of 4 done");

  const { key } = await createKey(page, slug, "Overview", ["posts:write", "changelog:write", "status:write"]);
  await closeKeyDialog(page);
  await page.goto(`/w/${slug}`);
  await expect(step("apiKey")).toHaveAttribute("data-done", "true");
  await expect(progress).toHaveText("3 of 4 done");
  await expect(step("teammate")).toHaveAttribute("data-done", "false");

  const teammate = await newPerson(browser, "teammate", "Tess Teammate");
  await seedMembership(slug, teammate.email, "VIEWER");
  await page.reload();
  // All four done: the list makes way for the work itself.
  await expect(page.getByTestId("getting-started")).toHaveCount(0);

  // Fill it: posts through the API, an incident, a draft and a published note.
  for (const title of ["Dark mode", "CSV export", "Slack notifications"]) await api(request, key, "/posts", { boardId, title });
  await api(request, key, "/status/incidents", { title: "Elevated API error rates", message: "Some requests fail with 502.", impact: "major" });
  await api(request, key, "/changelog", { title: "Roadmap columns", body: "Columns per stage." });
  await api(request, key, "/changelog", { title: "Faster search", body: "Soon.", publish: false });

  await page.reload();
  const attention = page.getByTestId("needs-attention");
  await expect(attention.getByRole("link", { name: /Elevated API error rates/ })).toHaveAttribute("href", `/w/${slug}/status`);
  await expect(attention.getByRole("link", { name: /3 new posts/ })).toHaveAttribute("href", `/w/${slug}/posts?status=open`);
  await expect(attention.getByRole("link", { name: /1 release-note draft/ })).toHaveAttribute("href", `/w/${slug}/changelog`);
  const cards = {
    posts: ["/posts", "3"],
    boards: ["/boards", "1"],
    roadmap: ["/roadmap", "0"],
    changelog: ["/changelog", "1"],
    status: ["/status", "1"],
    todos: ["/todos", "0"],
    members: ["/settings/members", "2"],
    "api-keys": ["/settings/api-keys", "1"],
  } as const;
  for (const [card, [href, value]] of Object.entries(cards)) {
    await expect(page.getByTestId(`card-${card}`)).toHaveAttribute("href", `/w/${slug}${href}`);
    await expect(page.getByTestId(`card-${card}`)).toContainText(value);
  }
  await expectNoSeriousA11yViolations(page, "full overview");
  await screenshots(page, "overview-full");

  // A viewer sees the same overview, read-only.
  await teammate.page.goto(`/w/${slug}`);
  await expect(teammate.page.getByTestId("needs-attention")).toContainText("Elevated API error rates");
  await Promise.all([owner.context.close(), teammate.context.close()]);
});

test("the workspace switcher: every workspace, the current one checked, switching by keyboard, and New workspace…", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "switch");
  const page = owner.page;
  const other = uniqueSlug("beta");
  await createWorkspace(page, "Beta Labs", other);
  await page.goto(`/w/${slug}`);

  const trigger = page.getByRole("button", { name: "Workspace: Acme Rockets" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitemradio", { name: /Acme Rockets/ })).toHaveAttribute("aria-checked", "true");
  await expect(menu.getByRole("menuitemradio", { name: /Beta Labs/ })).toHaveAttribute("aria-checked", "false");
  await expect(menu.getByRole("menuitem", { name: "New workspace…" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "All workspaces" })).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, "switcher-desktop.png") });
  await expectNoSeriousA11yViolations(page, "switcher open");

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // Keyboard only: open, arrow to the other workspace, Enter.
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.keyboard.press("ArrowDown");
  for (let i = 0; i < 4 && !(await menu.getByRole("menuitemradio", { name: /Beta Labs/ }).evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("ArrowDown");
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/w/${other}$`));
  await expect(page.getByRole("button", { name: "Workspace: Beta Labs" })).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.getByRole("button", { name: "Workspace: Beta Labs" }).click();
  await expect(menu).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, "switcher-phone.png") });
  await menu.getByRole("menuitem", { name: "New workspace…" }).click();
  await expect(page).toHaveURL(/\/workspaces\/new$/);
  await owner.context.close();
});

test("404s: in the workspace's chrome, in the dashboard's, in the portal's, and app-wide; each answers 404 with a way back", async ({ browser, request }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "lost");
  const page = owner.page;

  const inWorkspace = await page.goto(`/w/${slug}/no-such-section`);
  expect(inWorkspace?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Workspace: Acme Rockets" })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found/);
  await expectNoSeriousA11yViolations(page, "404 in a workspace");
  await screenshots(page, "not-found-workspace");
  await page.getByRole("link", { name: "Back to the overview" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${slug}$`));

  const unknownWorkspace = await page.goto("/w/no-such-workspace-here");
  expect(unknownWorkspace?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Workspace not found" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "unknown workspace");

  const appWide = await page.goto("/no/such/page");
  expect(appWide?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Workspace");
  await expectNoSeriousA11yViolations(page, "app-wide 404");
  await screenshots(page, "not-found-app");
  await page.getByRole("link", { name: "Your workspaces" }).click();
  await expect(page).toHaveURL(/\/workspaces$/);

  await publishPortal(page, slug);
  const inPortal = await page.goto(`/p/${slug}/no-such-page`);
  expect(inPortal?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Nothing here" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Portal" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "404 in a portal");
  await screenshots(page, "not-found-portal");
  await page.getByRole("link", { name: "Back to the portal" }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${slug}$`));

  expect((await request.get("/p/no-such-portal-here")).status()).toBe(404);
  await owner.context.close();
});

test("the portal header: visitors sign in; members see who they are, the dashboard and sign-out; other accounts no dashboard", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "header");
  await publishPortal(owner.page, slug);

  await owner.page.goto(`/p/${slug}`);
  const header = owner.page.getByRole("banner");
  await expect(header.getByTestId("portal-user")).toContainText("Olivia Owner");
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", `/w/${slug}`);
  await expectNoSeriousA11yViolations(owner.page, "portal, signed in as a member");
  await screenshots(owner.page, "portal-header-member");
  await header.getByRole("link", { name: "Dashboard" }).click();
  await expect(owner.page).toHaveURL(new RegExp(`/w/${slug}$`));

  const visitor = await newPerson(browser, "visitor", "Vic Visitor");
  await visitor.page.goto(`/p/${slug}/roadmap`);
  const visitorHeader = visitor.page.getByRole("banner");
  await expect(visitorHeader.getByTestId("portal-user")).toContainText("Vic Visitor");
  await expect(visitorHeader.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  // Signing out keeps the visitor on the page they were reading.
  await visitorHeader.getByRole("button", { name: "Sign out" }).click();
  await expect(visitor.page).toHaveURL(new RegExp(`/p/${slug}/roadmap$`));
  await expect(visitor.page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(visitor.page.getByTestId("portal-user")).toHaveCount(0);
  await Promise.all([owner.context.close(), visitor.context.close()]);
});

test("icons, titles, Open Graph cards, robots.txt and a sitemap of published portals only", async ({ browser, request }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "seo");
  const page = owner.page;
  await publishPortal(page, slug);
  const hidden = uniqueSlug("hidden");
  await createWorkspace(page, "Hidden Co", hidden);

  for (const [url, type] of [
    ["/favicon.ico", "image/x-icon"],
    ["/icon.svg", "image/svg+xml"],
    ["/apple-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/icon-512.png", "image/png"],
    ["/manifest.webmanifest", "application/manifest+json"],
    ["/opengraph-image", "image/png"],
  ] as const) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"], url).toContain(type);
  }

  // Each page names itself; the head links the icon and the card.
  const signedOutContext = await browser.newContext();
  const signedOut = await signedOutContext.newPage();
  for (const [url, title] of [["/", "Workspace"], ["/sign-in", "Sign in · Workspace"], ["/sign-up", "Create an account · Workspace"]] as const) {
    await signedOut.goto(url);
    await expect(signedOut, url).toHaveTitle(title);
    // The home page and the auth layout carry the new mark: scanned like every changed page.
    await expectNoSeriousA11yViolations(signedOut, url);
  }
  await signedOutContext.close();
  const titles: [string, string | RegExp][] = [
    ["/workspaces", "Your workspaces · Workspace"],
    [`/w/${slug}`, "Overview · Acme Rockets"],
    [`/w/${slug}/settings`, "Workspace settings · Acme Rockets"],
    [`/w/${slug}/settings/members`, /· Acme Rockets$/],
    [`/w/${slug}/settings/api-keys`, /· Acme Rockets$/],
    [`/p/${slug}`, "Feedback · Acme Rockets"],
    [`/p/${slug}/status`, /· Acme Rockets$/],
  ];
  for (const [url, title] of titles) {
    await page.goto(url);
    await expect(page, url).toHaveTitle(title);
  }
  await page.goto("/workspaces");
  await expectNoSeriousA11yViolations(page, "workspace list under the new header");
  await page.goto(`/p/${slug}`);
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveCount(1);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toContain(`/p/${slug}/opengraph-image`);
  const card = await request.get(new URL(ogImage!).pathname + new URL(ogImage!).search);
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toContain("image/png");
  fs.writeFileSync(path.join(ARTIFACTS, "og-portal.png"), await card.body());
  fs.writeFileSync(path.join(ARTIFACTS, "og-app.png"), await (await request.get("/opengraph-image")).body());
  expect((await request.get(`/p/${hidden}/opengraph-image`)).status()).toBe(404);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^User-Agent: \*$/m);
  expect(robots).toMatch(/^Allow: \/p\/$/m);
  expect(robots).toMatch(/^Disallow: \/$/m);
  expect(robots).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/p/${slug}</loc>`);
  expect(sitemap).toContain(`/p/${slug}/changelog</loc>`);
  expect(sitemap).not.toContain(`/p/${hidden}`);
  expect(sitemap).not.toContain("/w/");
  await owner.context.close();
});
