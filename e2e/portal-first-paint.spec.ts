import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { seedAccount, signInContext } from "./accounts";
import { addBoard, apiPost, e2eDatabaseUrl, publishedPortal } from "./public-fixtures";

// A portal page is the same for every visitor and asks who is looking once it has loaded
// (components/portal/viewer.tsx). What shows until the answer comes: for a browser holding a session,
// a placeholder, never the "Sign in" links (the hint cookie and the page's first script,
// lib/platform/auth/viewer-hint.ts); for everyone else, and without JavaScript, the sign-in links,
// which work as plain links.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");

/** Before every paint, whether a "Sign in" link is on screen; the answer to the viewer ask held back. */
async function watchSignInLinks(context: BrowserContext, holdViewerMs: number): Promise<void> {
  await context.addInitScript(() => {
    const state = window as unknown as { sawSignIn: boolean; frames: number };
    state.sawSignIn = false;
    state.frames = 0;
    const sample = () => {
      state.frames += 1;
      for (const link of document.querySelectorAll("a")) {
        if (/Sign in/.test(link.textContent ?? "") && link.checkVisibility()) state.sawSignIn = true;
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await context.route(/\/p\/[^/]+\/viewer/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, holdViewerMs));
    await route.continue();
  });
}

const sawSignIn = (page: Page) => page.evaluate(() => (window as unknown as { sawSignIn: boolean }).sawSignIn);

test("a signed-in visitor never sees the Sign in links while the page asks who is looking", async ({ page, request, browser }) => {
  const portal = await publishedPortal(page, "Paintco");
  const boardId = await addBoard(portal, "Ideas", "ideas");
  const post = await apiPost(request, portal, "/posts", { boardId, title: "Faster pages", body: "Please." });
  const postPath = `/p/${portal.slug}/posts/${post.id}`;

  const vera = await seedAccount("painted", "Vera Painted");
  const context = await browser.newContext();
  await signInContext(context, vera);
  await watchSignInLinks(context, 1500);
  const visitor = await context.newPage();
  // The first portal page after signing in (no hint yet: the answer brings it), then a board page and the post again.
  for (const path of [postPath, `/p/${portal.slug}/boards/ideas`, postPath]) {
    await visitor.goto(path);
    // While the answer is held back: placeholders, no links to sign in.
    await expect(visitor.getByTestId("portal-user-pending")).toBeVisible();
    await expect(visitor.getByTestId("vote-pending").first()).toBeVisible();
    await expect(visitor.getByTestId("vote-pending").first()).toBeDisabled();
    await expect(visitor.getByTestId("portal-user")).toContainText("Vera Painted");
    await expect(visitor.getByTestId("vote-count").first()).toBeEnabled();
    expect(await visitor.evaluate(() => (window as unknown as { frames: number }).frames)).toBeGreaterThan(3);
    expect(await sawSignIn(visitor), path).toBe(false);
  }
  await context.close();

  // The same watch sees the links of a visitor without a session, at once and while the ask is held back.
  const anonymous = await browser.newContext();
  await watchSignInLinks(anonymous, 1500);
  const stranger = await anonymous.newPage();
  await stranger.goto(postPath);
  await expect(stranger.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible({ timeout: 1000 });
  await expect(stranger.getByTestId("portal-user-pending")).toBeHidden();
  expect(await sawSignIn(stranger)).toBe(true);
  await anonymous.close();
});

test("without JavaScript a visitor's vote button is a link to sign in that comes back to the page", async ({ page, request, browser }) => {
  const portal = await publishedPortal(page, "Noscript");
  const boardId = await addBoard(portal, "Ideas", "ideas");
  const post = await apiPost(request, portal, "/posts", { boardId, title: "Plain links", body: "For everyone." });
  const postPath = `/p/${portal.slug}/posts/${post.id}`;
  const boardPath = `/p/${portal.slug}/boards/ideas`;

  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  for (const path of [boardPath, postPath]) {
    await visitor.goto(path);
    const vote = visitor.getByTestId("vote-count").first();
    await expect(vote).toBeVisible();
    await expect(vote).toHaveAttribute("href", `/sign-in?callbackUrl=${encodeURIComponent(path)}`);
    await expect(vote).toHaveAttribute("title", "Sign in to vote");
    await expect(visitor.getByTestId("vote-pending")).toBeHidden();
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  }
  await visitor.getByTestId("vote-count").click();
  await expect(visitor).toHaveURL(`/sign-in?callbackUrl=${encodeURIComponent(postPath)}`);
  await context.close();

  // Signed in but without scripts: the hint is never read, so the links stay, and they work.
  const signedIn = await browser.newContext({ javaScriptEnabled: false });
  await signInContext(signedIn, await seedAccount("noscript", "Nora Noscript"));
  const member = await signedIn.newPage();
  await member.goto(postPath);
  await expect(member.getByTestId("vote-count")).toBeVisible();
  await expect(member.getByTestId("portal-user-pending")).toBeHidden();
  await signedIn.close();
});
