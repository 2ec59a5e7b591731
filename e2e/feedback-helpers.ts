import { expect, type Page } from "@playwright/test";
import path from "node:path";
import { ARTIFACTS } from "./dashboard-helpers";
import { sql } from "./public-fixtures";

// Steps the feedback specs share: boards, posts and portal writes through the real pages.

export async function createBoardInUi(page: Page, slug: string, name: string, options: { boardSlug?: string; description?: string; isPublic?: boolean } = {}) {
  await page.goto(`/w/${slug}/boards`);
  await page.getByRole("button", { name: "New board" }).click();
  const dialog = page.getByRole("dialog", { name: "New board" });
  await dialog.getByLabel("Name").fill(name);
  if (options.boardSlug) await dialog.getByLabel("Slug").fill(options.boardSlug);
  if (options.description) await dialog.getByLabel("Description (optional)").fill(options.description);
  if (options.isPublic === false) await dialog.getByRole("radio", { name: /Private/ }).check();
  await dialog.getByRole("button", { name: "Create board" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("board-row").filter({ hasText: name })).toBeVisible();
}

export async function publishPortal(page: Page, slug: string) {
  await page.goto(`/w/${slug}/settings`);
  await page.getByRole("switch", { name: "Publish the portal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The portal is published." })).toBeVisible();
}

/** A post written in the dashboard's "New post" dialog; returns its id (the page moves to it). */
export async function createPostInUi(page: Page, slug: string, title: string, options: { body?: string; tags?: string; board?: string } = {}) {
  await page.goto(`/w/${slug}/posts`);
  await page.getByRole("button", { name: "New post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  if (options.board) await dialog.getByLabel("Board").selectOption({ label: options.board });
  await dialog.getByLabel("Title").fill(title);
  if (options.body) await dialog.getByLabel("Details (optional)").fill(options.body);
  if (options.tags) await dialog.getByLabel("Tags (optional)").fill(options.tags);
  await dialog.getByRole("button", { name: "Create post" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${slug}/posts/[^/?]+$`));
  await expect(page.getByTestId("post-title")).toHaveText(title);
  return page.url().split("/").pop()!;
}

/** Upvotes a post from its portal page, as a signed-in visitor. */
export async function voteOnPortal(page: Page, slug: string, postId: string) {
  await page.goto(`/p/${slug}/posts/${postId}`);
  const button = page.getByRole("button", { name: /^Upvote/ });
  await button.click();
  await expect(page.getByRole("button", { name: /^Remove your upvote/ })).toBeVisible();
}

/** Desktop (1280) and phone (390) full-page screenshots into e2e/artifacts. */
export async function screenshotBothWidths(page: Page, name: string) {
  // Notes from the last action would cover the page.
  const dismiss = page.getByRole("button", { name: "Dismiss notification" });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  for (const [label, width] of [["desktop", 1280], ["phone", 390]] as const) {
    await page.setViewportSize({ width, height: label === "desktop" ? 800 : 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A few more posts with votes, tags and statuses, so screenshots show a lived-in inbox. */
export async function seedInboxPosts(slug: string, boardSlug: string) {
  await sql(
    `INSERT INTO "Post" (id, "workspaceId", "boardId", "authorId", title, body, status, tags, "voteCount", "commentCount", "createdAt", "updatedAt")
     SELECT 'post_' || md5(random()::text || n), b."workspaceId", b.id,
       (SELECT "userId" FROM "Membership" m WHERE m."workspaceId" = w.id ORDER BY m."createdAt" LIMIT 1),
       t, '', s::"PostStatus", tg, v, c, now() - (n || ' hours')::interval, now()
     FROM "Board" b JOIN "Workspace" w ON w.id = b."workspaceId",
     (VALUES
       (3, 'Export to CSV with every column', 'planned', ARRAY['data'], 17, 4),
       (20, 'Slack notifications when a status changes', 'under_review', ARRAY['integrations'], 9, 2),
       (50, 'Keyboard shortcuts for the inbox', 'in_progress', ARRAY['ui', 'power-users'], 6, 1),
       (200, 'Single sign-on with Okta', 'completed', ARRAY['security'], 31, 7),
       (700, 'A very long title that goes on and on to see how the dense inbox row truncates text that does not fit', 'open', ARRAY[]::text[], 0, 0)
     ) AS v(n, t, s, tg, v, c)
     WHERE w.slug = $1 AND b.slug = $2`,
    [slug, boardSlug],
  );
}
