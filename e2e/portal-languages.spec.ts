import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { addBoard, addComponent, apiPost, e2eDatabaseUrl, publishedPortal, type Portal } from "./public-fixtures";

// The portal in the visitor's language, against the production build: a German browser lands on
// the German portal, signs in and votes there, switches to Arabic (right-to-left), and is sent
// back to Arabic on the next visit; unknown language segments are a 404.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");

async function germanBrowser(browser: Browser) {
  return browser.newContext({ locale: "de-DE", extraHTTPHeaders: { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" } });
}

/** Full-page screenshots at desktop and phone width, kept as the test's artifacts. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
  }
}

async function seed(page: Page, request: Parameters<typeof apiPost>[0]): Promise<Portal> {
  const portal = await publishedPortal(page, "Polyglot");
  const boardId = await addBoard(portal, "Ideas", "ideas");
  await apiPost(request, portal, "/posts", { boardId, title: "Offline mode", body: "Work on planes." });
  await apiPost(request, portal, "/posts", { boardId, title: "Dark theme", body: "Easier on the eyes at night." });
  await addComponent(portal, "API", 0);
  await addComponent(portal, "Website", 1);
  return portal;
}

test("a German visitor lands on the German portal, votes, switches to Arabic and is remembered", async ({ page, request, browser }) => {
  // Sign-up, sign-in, a vote, two languages and three axe runs: more than the default on a busy machine.
  test.setTimeout(300_000);
  const portal = await seed(page, request);
  const board = `/p/${portal.slug}/boards/ideas`;

  // The owner's settings form refuses a default the portal does not offer, beside the field.
  await page.goto(`/w/${portal.slug}/settings`);
  const form = page.getByTestId("portal-languages-form");
  await form.getByRole("checkbox", { name: "English" }).uncheck();
  await form.getByRole("button", { name: "Save languages" }).click();
  await expect(form.getByRole("alert")).toHaveText("Offer the default language too.");

  const visitorEmail = uniqueEmail("polyglot");
  await signUp(await (await browser.newContext()).newPage(), visitorEmail, PASSWORD, "Greta Gast");

  const context = await germanBrowser(browser);
  const visitor = await context.newPage();
  await visitor.goto(board);
  await expect(visitor).toHaveURL(`/p/${portal.slug}/de/boards/ideas`);
  const root = visitor.getByTestId("portal-root");
  await expect(root).toHaveAttribute("lang", "de");
  await expect(root).toHaveAttribute("dir", "ltr");
  await expect(visitor.getByRole("heading", { name: "Idee einreichen" })).toBeVisible();
  await expect(visitor.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Roadmap" })).toHaveAttribute("href", `/p/${portal.slug}/de/roadmap`);
  // Search engines are told every language's address, and the default as x-default.
  await expect(visitor.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", new RegExp(`/p/${portal.slug}/ar/boards/ideas$`));
  await expect(visitor.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", new RegExp(`${board}$`));

  // Signing in from the German page comes back to it.
  await visitor.getByRole("link", { name: "Anmelden", exact: true }).click();
  await expect(visitor).toHaveURL(/\/sign-in\?callbackUrl=/);
  await visitor.getByLabel("Email").fill(visitorEmail);
  await visitor.getByLabel("Password").fill(PASSWORD);
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await expect(visitor).toHaveURL(`/p/${portal.slug}/de/boards/ideas`);
  await expect(visitor.getByTestId("portal-user")).toContainText("Angemeldet als Greta Gast");

  const row = visitor.getByTestId("post-row").filter({ hasText: "Offline mode" });
  const vote = row.getByTestId("vote-count");
  await expect(vote).toHaveText("0");
  await expect(vote).toHaveAttribute("aria-label", "Dafür stimmen (0 Stimmen)");
  await vote.click();
  await expect(vote).toHaveText("1");
  await expect(vote).toHaveAttribute("aria-pressed", "true");
  await expect(vote).toBeEnabled();
  await expect(vote).toHaveAttribute("aria-label", "Stimme zurückziehen (1 Stimme)");
  await expect(row).toContainText("0 Kommentare");

  // The language menu: a button, then the languages as radio items; Arabic mirrors the page.
  await visitor.getByRole("button", { name: "Sprache: Deutsch" }).click();
  await visitor.getByRole("menuitemradio", { name: "العربية" }).click();
  await expect(visitor).toHaveURL(`/p/${portal.slug}/ar/boards/ideas`);
  await expect(root).toHaveAttribute("dir", "rtl");
  await expect(root).toHaveAttribute("lang", "ar");
  await expect(visitor.getByRole("heading", { name: "انشر فكرة" })).toBeVisible();
  await expect(visitor.getByTestId("post-row").filter({ hasText: "Offline mode" }).getByTestId("vote-count")).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousA11yViolations(visitor, "the board in Arabic");

  // Remembered: the next visit to the plain address goes to Arabic, though the browser says German.
  await visitor.goto(`/p/${portal.slug}/status`);
  await expect(visitor).toHaveURL(`/p/${portal.slug}/ar/status`);
  await expect(visitor.getByTestId("status-banner")).toHaveText(/جميع الأنظمة تعمل/);
  await expectNoSeriousA11yViolations(visitor, "the status page in Arabic");

  // Choosing the default language is remembered too, and served at the plain address.
  await visitor.getByTestId("language-switcher").click();
  await visitor.getByRole("menuitemradio", { name: "English" }).click();
  await expect(visitor).toHaveURL(`/p/${portal.slug}/status`);
  await visitor.goto(board);
  await expect(visitor).toHaveURL(board);
  await expect(root).toHaveAttribute("lang", "en");
  await expectNoSeriousA11yViolations(visitor, "the board in English");
  await context.close();
});

test("unknown language segments are a 404, never a 500", async ({ page, request }) => {
  const portal = await publishedPortal(page, "Babel");
  for (const path of [`/p/${portal.slug}/xx`, `/p/${portal.slug}/xx/status`, `/p/${portal.slug}/de-AT/status`, `/p/${portal.slug}/de/nowhere`, `/p/no-such-portal/de/status`]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  expect((await request.get(`/p/${portal.slug}/ja/status`)).status()).toBe(200);
  // The default language's own segment leads to the plain address.
  const english = await request.get(`/p/${portal.slug}/en/status`, { maxRedirects: 0 });
  expect(english.status()).toBe(307);
  expect(english.headers()["location"]).toMatch(new RegExp(`/p/${portal.slug}/status$`));
  expect(english.headers()["cache-control"]).toBe("private, no-store");
});

test("screenshots: the status page and a board in German, Arabic and Japanese", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(300_000);
  const portal = await seed(page, request);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  for (const locale of ["de", "ar", "ja"]) {
    await visitor.goto(`/p/${portal.slug}/${locale}/status`);
    await expect(visitor.getByTestId("portal-root")).toHaveAttribute("lang", locale);
    await screenshots(visitor, testInfo, `status-${locale}`);
    await visitor.goto(`/p/${portal.slug}/${locale}/boards/ideas`);
    await expect(visitor.getByTestId("post-row")).toHaveCount(2);
    await screenshots(visitor, testInfo, `board-${locale}`);
  }
  await context.close();
});
