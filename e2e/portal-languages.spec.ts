import fs from "node:fs";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { latestMail, linkIn } from "./mail";
import { addBoard, addComponent, apiPost, e2eDatabaseUrl, publishedPortal, type Portal } from "./public-fixtures";

// The portal in the visitor's language, against the production build: a German browser lands on
// the German portal, signs in and votes there, switches to Arabic (right-to-left), and is sent
// back to Arabic on the next visit; unknown language segments are a 404.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");

async function germanBrowser(browser: Browser) {
  return browser.newContext({ locale: "de-DE", extraHTTPHeaders: { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" } });
}

const ARTIFACTS = "e2e/artifacts";

/** Full-page screenshots at desktop and phone width, kept in e2e/artifacts and attached to the test. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Nothing may stick out sideways at phone width (a long word, a mirrored row in Arabic).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits ${width}px`).toBeLessThanOrEqual(width);
    const file = `${ARTIFACTS}/portal-${name}-${width}.png`;
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
  await expect(visitor.locator("html")).toHaveAttribute("lang", "de");
  await expect(visitor.getByRole("heading", { name: "Idee einreichen" })).toBeVisible();
  await expect(visitor.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Roadmap" })).toHaveAttribute("href", `/p/${portal.slug}/de/roadmap`);
  // Search engines are told every language's address, and the default as x-default.
  await expect(visitor.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", new RegExp(`/p/${portal.slug}/ar/boards/ideas$`));
  await expect(visitor.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", new RegExp(`${board}$`));

  // Signing in from the German page is in German, and comes back to it.
  await visitor.getByRole("link", { name: "Anmelden", exact: true }).click();
  await expect(visitor).toHaveURL(/\/sign-in\?callbackUrl=/);
  await expect(visitor.getByTestId("auth-root")).toHaveAttribute("lang", "de");
  await visitor.getByLabel("E-Mail", { exact: true }).fill(visitorEmail);
  await visitor.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await visitor.getByRole("button", { name: "Anmelden", exact: true }).click();
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

  // A refusal from the server is said in German too, beside the field.
  await row.getByRole("link", { name: "Offline mode" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/p/${portal.slug}/de/posts/`));
  await visitor.getByLabel("Kommentar schreiben").fill("Hallo\u0007Welt");
  await visitor.getByRole("button", { name: "Kommentar senden" }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: "Verwenden Sie nur Buchstaben, Ziffern und Satzzeichen, keine Steuerzeichen." })).toBeVisible();
  await visitor.goBack();

  // The language menu: a button, then the languages as radio items; Arabic mirrors the page.
  await visitor.getByRole("button", { name: "Sprache: Deutsch" }).click();
  await visitor.getByRole("menuitemradio", { name: "العربية" }).click();
  await expect(visitor).toHaveURL(`/p/${portal.slug}/ar/boards/ideas`);
  await expect(root).toHaveAttribute("dir", "rtl");
  await expect(root).toHaveAttribute("lang", "ar");
  await expect(visitor.locator("html")).toHaveAttribute("lang", "ar");
  await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(visitor.getByRole("heading", { name: "انشر فكرة" })).toBeVisible();
  await expect(visitor.getByTestId("post-row").filter({ hasText: "Offline mode" }).getByTestId("vote-count")).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousA11yViolations(visitor, "the board in Arabic");

  // Remembered: the next visit to the plain address goes to Arabic, though the browser says German.
  await visitor.goto(`/p/${portal.slug}/status`);
  await expect(visitor).toHaveURL(`/p/${portal.slug}/ar/status`);
  await expect(visitor.getByTestId("status-banner")).toHaveText(/جميع الأنظمة تعمل/);
  await expectNoSeriousA11yViolations(visitor, "the status page in Arabic");
  // What is drawn outside the portal's element (the language menu, a day's details) says its
  // language and direction itself.
  await visitor.getByTestId("language-switcher").click();
  await expect(visitor.getByRole("menu").locator("[lang]").first()).toHaveAttribute("lang", "ar");
  await expect(visitor.getByRole("menu").locator("[lang]").first()).toHaveAttribute("dir", "rtl");
  await visitor.keyboard.press("Escape");
  await visitor.locator("button[data-day]").last().click();
  await expect(visitor.getByTestId("uptime-tooltip")).toHaveAttribute("lang", "ar");
  await expect(visitor.getByTestId("uptime-tooltip")).toHaveAttribute("dir", "rtl");
  await visitor.keyboard.press("Escape");

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

test("screenshots: the status page and a board in German, Arabic (dark) and Japanese", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(300_000);
  const portal = await seed(page, request);
  for (const [locale, colorScheme] of [["de", "light"], ["ar", "dark"], ["ja", "light"]] as const) {
    const context = await browser.newContext({ colorScheme });
    const visitor = await context.newPage();
    const name = colorScheme === "dark" ? `${locale}-dark` : locale;
    await visitor.goto(`/p/${portal.slug}/${locale}/status`);
    await expect(visitor.getByTestId("portal-root")).toHaveAttribute("lang", locale);
    await screenshots(visitor, testInfo, `status-${name}`);
    await visitor.goto(`/p/${portal.slug}/${locale}/boards/ideas`);
    await expect(visitor.getByTestId("post-row")).toHaveCount(2);
    await screenshots(visitor, testInfo, `board-${name}`);
    await context.close();
  }
});

test("the sign-in, sign-up and password pages a visitor reaches from a portal speak its language; the dashboard's stay English", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const portal = await seed(page, request);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`/p/${portal.slug}/ar/boards/ideas`);
  await visitor.getByTestId("portal-root").getByRole("link", { name: "تسجيل الدخول" }).first().click();
  await expect(visitor).toHaveURL(/\/sign-in\?callbackUrl=/);
  const auth = visitor.getByTestId("auth-root");
  await expect(auth).toHaveAttribute("lang", "ar");
  await expect(auth).toHaveAttribute("dir", "rtl");
  await expect(visitor.getByRole("heading", { name: "تسجيل الدخول" })).toBeVisible();
  await expect(visitor).toHaveTitle(/تسجيل الدخول/);
  // A wrong password is told in Arabic too.
  await visitor.getByLabel("البريد الإلكتروني").fill(uniqueEmail("nobody"));
  await visitor.getByLabel("كلمة المرور").fill("not-the-password-1");
  await visitor.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(auth.getByRole("alert")).toHaveText("البريد الإلكتروني أو كلمة المرور غير صحيحة.");

  // Sign-up keeps the way back and the language; so does "forgot password".
  await visitor.getByRole("link", { name: "إنشاء حساب" }).click();
  await expect(visitor.getByRole("heading", { name: "إنشاء حساب" })).toBeVisible();
  await expect(visitor.getByTestId("auth-root")).toHaveAttribute("dir", "rtl");
  await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
  // A link within the app (no new document) to a page that is not the portal's: English again.
  await visitor.getByRole("link", { name: "Workspace", exact: true }).click();
  await expect(visitor.getByRole("heading", { name: "Workspace", level: 1 })).toBeVisible();
  await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
  await expect(visitor.locator("html")).toHaveAttribute("dir", "ltr");
  await visitor.goto(`/sign-in?callbackUrl=${encodeURIComponent(`/p/${portal.slug}/ja/status`)}`);
  await visitor.getByRole("link", { name: "パスワードをお忘れですか？" }).click();
  await expect(visitor).toHaveURL(/\/forgot-password\?lang=ja$/);
  await expect(visitor.getByRole("heading", { name: "パスワードの再設定" })).toBeVisible();
  await expect(visitor.getByTestId("auth-root")).toHaveAttribute("lang", "ja");
  await visitor.goto("/reset-password/not-a-real-token?lang=de");
  await expect(visitor.getByRole("heading", { name: "Dieser Link kann nicht verwendet werden" })).toBeVisible();

  // Reached from the dashboard (or with a language we do not speak): English, left to right.
  await visitor.goto("/sign-in?lang=xx");
  await expect(visitor.getByTestId("auth-root")).toHaveAttribute("lang", "en");
  await expect(visitor.getByTestId("auth-root")).toHaveAttribute("dir", "ltr");
  await expect(visitor.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await context.close();
});

test("signed up from the German portal, the visitor follows the mail's link back to that page and is told, in German, the address is confirmed", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const portal = await seed(page, request);
  const from = `/p/${portal.slug}/de/roadmap`;
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const email = uniqueEmail("rueckweg");
  await visitor.goto(`/sign-up?callbackUrl=${encodeURIComponent(from)}`);
  await visitor.getByLabel("Name", { exact: true }).fill("Rita Rückweg");
  await visitor.getByLabel("E-Mail", { exact: true }).fill(email);
  await visitor.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await visitor.getByRole("button", { name: "Konto erstellen" }).click();
  await expect(visitor).toHaveURL(from);

  const mail = await latestMail(email, /E-Mail-Adresse/);
  await visitor.goto(linkIn(mail, "/verify-email"));
  await expect(visitor).toHaveURL(`${from}?email=verified`);
  await expect(visitor.getByTestId("email-notice")).toHaveText("Ihre E-Mail-Adresse ist bestätigt.");
  await expectNoSeriousA11yViolations(visitor, "the portal page with the confirmation notice");
  await context.close();
});
