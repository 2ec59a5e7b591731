import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { seedAccount, signInContext } from "./accounts";
import { addBoard, addComponent, apiPost, e2eDatabaseUrl, publishedPortal, type Portal } from "./public-fixtures";

// axe on every portal page a visitor can reach (home, a board, a post, the roadmap, the changelog
// and a note, the status page, the sign-in, sign-up and password pages reached from the portal,
// the subscription pages a mail links to, the portal's not-found page, and, signed in, the
// visitor's notifications page and the idea and comment forms) in English and in
// Arabic (right-to-left), in the light and the dark scheme: no violation of any impact. Keyboard
// focus is drawn visibly in both schemes.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");
// Eight pages with an axe run each, per language and scheme, on a machine that may be busy.
test.describe.configure({ timeout: 300_000 });

async function expectNoA11yViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

/** The element focused by the keyboard draws a ring or an outline: something a sighted keyboard user sees. */
async function expectVisibleFocus(page: Page, label: string) {
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("Tab");
  const drawn = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "nothing focused";
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    return outline || ring ? "visible" : `no focus style on ${element.tagName} ${element.textContent?.trim().slice(0, 40)}`;
  });
  expect(drawn, `keyboard focus on ${label}`).toBe("visible");
}

let portal: Portal;
let postId = "";
let noteId = "";

test.beforeAll(async ({ browser, request }) => {
  const owner = await browser.newPage();
  portal = await publishedPortal(owner, "Accessible Co");
  const boardId = await addBoard(portal, "Ideas", "ideas");
  postId = String((await apiPost(request, portal, "/posts", { boardId, title: "Offline mode", body: "Work on **planes**." })).id);
  await apiPost(request, portal, "/posts", { boardId, title: "Keyboard shortcuts", body: "Faster triage." });
  noteId = String((await apiPost(request, portal, "/changelog", { title: "Bulk export", body: "Export *everything* at once." })).id);
  await addComponent(portal, "API", 0);
  await addComponent(portal, "Website", 1);
  await owner.context().close();
});

for (const locale of ["en", "ar"] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`every portal page passes axe in ${locale}, ${colorScheme}`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme, locale: locale === "ar" ? "ar" : "en-US" });
      const page = await context.newPage();
      const base = locale === "en" ? `/p/${portal.slug}` : `/p/${portal.slug}/${locale}`;
      const pages: [string, string][] = [
        ["home", base],
        ["board", `${base}/boards/ideas`],
        ["post", `${base}/posts/${postId}`],
        ["roadmap", `${base}/roadmap`],
        ["changelog", `${base}/changelog`],
        ["note", `${base}/changelog/${noteId}`],
        ["status", `${base}/status`],
        ["sign-in from the portal", `/sign-in?callbackUrl=${encodeURIComponent(`${base}/boards/ideas`)}`],
        ["sign-up from the portal", `/sign-up?callbackUrl=${encodeURIComponent(`${base}/boards/ideas`)}`],
        ["forgot password from the portal", `/forgot-password?lang=${locale}`],
        ["a subscription link that no longer works", `${base}/subscriptions/confirm`],
        ["managing a subscription without its link", `${base}/subscriptions/manage`],
        ["a post that is not there", `${base}/posts/no-such-post`],
      ];
      const auth = new Set(["sign-in from the portal", "sign-up from the portal", "forgot password from the portal"]);
      for (const [name, path] of pages) {
        const response = await page.goto(path);
        expect(response?.status(), `${name} answers`).toBe(name === "a post that is not there" ? 404 : 200);
        const root = auth.has(name) ? page.getByTestId("auth-root") : page.getByTestId("portal-root");
        await expect(root).toHaveAttribute("lang", locale);
        await expect(root).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expectNoA11yViolations(page, `${name} (${locale}, ${colorScheme})`);
        await expectVisibleFocus(page, `${name} (${locale}, ${colorScheme})`);
      }
      await context.close();

      // Signed in, the same pages hold forms (an idea, a comment) and the visitor's own page.
      const signedIn = await browser.newContext({ colorScheme });
      await signInContext(signedIn, await seedAccount(`a11y-${locale}-${colorScheme}`, "Ana Visitor"));
      const visitor = await signedIn.newPage();
      for (const [name, path] of [
        ["the visitor's notifications", `${base}/account`],
        ["board with the idea form", `${base}/boards/ideas`],
        ["post with the comment form", `${base}/posts/${postId}`],
      ] as const) {
        expect((await visitor.goto(path))?.status(), `${name} answers`).toBe(200);
        await expect(visitor.getByTestId("portal-user")).toBeAttached();
        await expect(visitor.getByTestId("portal-root")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expectNoA11yViolations(visitor, `${name} (${locale}, ${colorScheme})`);
        await expectVisibleFocus(visitor, `${name} (${locale}, ${colorScheme})`);
      }
      await signedIn.close();
    });
  }
}
