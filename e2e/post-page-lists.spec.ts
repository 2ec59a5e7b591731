import { expect, test } from "@playwright/test";
import { ownerWithWorkspace } from "./dashboard-helpers";
import { createBoardInUi, createPostInUi } from "./feedback-helpers";
import { e2eDatabaseUrl, sql } from "./public-fixtures";

// A post's page in the dashboard lists 50 comments; "Show more" is a link (reachable from the
// keyboard, working without scripts) to the same page with every comment, the state in its address.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL)");

test("a post with 120 comments shows 50 and the true total; Show more, from the keyboard, shows the rest", async ({ browser }) => {
  test.setTimeout(120_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "postlists");
  const page = owner.page;
  await createBoardInUi(page, slug, "Ideas");
  const postId = await createPostInUi(page, slug, "Many opinions");
  await sql(
    `INSERT INTO "Comment" (id, "workspaceId", "postId", "authorId", body, "createdAt", "updatedAt")
     SELECT 'comment_' || md5(random()::text || n), p."workspaceId", p.id, p."authorId", 'Opinion ' || n, now() - ((200 - n) || ' minutes')::interval, now()
     FROM "Post" p, generate_series(1, 120) AS n WHERE p.id = $1`,
    [postId],
  );

  await page.goto(`/w/${slug}/posts/${postId}`);
  const comments = page.getByTestId("team-comment");
  await expect(comments).toHaveCount(50);
  await expect(page.getByRole("heading", { name: "Comments (120)" })).toBeVisible();
  await expect(page.getByText("Showing the first 50 of 120 comments.")).toBeVisible();

  const more = page.getByRole("link", { name: "Show more comments" });
  await expect(more).toHaveAttribute("href", `/w/${slug}/posts/${postId}?comments=all#more-comments`);
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/w/${slug}/posts/${postId}?comments=all#more-comments`);
  await expect(comments).toHaveCount(120);
  await expect(comments.last()).toContainText("Opinion 120");
  await expect(page.getByText("Showing the first")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Show more comments" })).toHaveCount(0);

  // The address alone gives the same page (a reload, a shared link).
  await page.reload();
  await expect(comments).toHaveCount(120);
  await expect(page.getByRole("heading", { name: "Comments (120)" })).toBeVisible();
});
