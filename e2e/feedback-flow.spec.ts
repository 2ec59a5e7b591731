import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { newPerson, ownerWithWorkspace } from "./dashboard-helpers";
import { createBoardInUi, createPostInUi, publishPortal, screenshotBothWidths, seedInboxPosts, voteOnPortal } from "./feedback-helpers";
import { e2eDatabaseUrl } from "./public-fixtures";

// The whole feedback loop on the production build: a board, the portal, a visitor's
// idea with a similar post suggested while typing, and the team triaging and merging it.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL)");

test("sign up → board → portal → a visitor posts a duplicate anyway → the team finds, triages, replies and merges it", async ({ browser }) => {
  test.setTimeout(240_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "fbflow");
  const admin = owner.page;

  // A board, the portal published, and the older post the duplicate will join.
  await createBoardInUi(admin, slug, "Feature requests", { description: "Ideas for making the product better." });
  await expect(admin.getByTestId("board-row").filter({ hasText: "Feature requests" })).toHaveAttribute("data-slug", "feature-requests");
  await publishPortal(admin, slug);
  const olderId = await createPostInUi(admin, slug, "Dark mode for the dashboard", { body: "My eyes hurt at night.", tags: "ui" });

  // Two people vote for the older post; one of them will vote for the duplicate too.
  const both = await newPerson(browser, "both", "Bea Both");
  await voteOnPortal(both.page, slug, olderId);

  // A visitor signs in, starts typing, sees the older post suggested (with its vote button), votes for it, and posts anyway.
  const visitor = await newPerson(browser, "visitor", "Victor Visitor");
  await visitor.page.goto(`/p/${slug}/boards/feature-requests`);
  const form = visitor.page.getByRole("form", { name: "Post an idea" });
  await expect(form.getByText("You can post 10 ideas an hour.")).toBeVisible();
  await form.getByLabel("Title").pressSequentially("Dark mo", { delay: 40 });
  const suggestion = visitor.page.getByTestId("similar-post").filter({ hasText: "Dark mode for the dashboard" });
  await expect(suggestion).toBeVisible();
  await suggestion.getByRole("button", { name: /^Upvote \(1 vote\)/ }).click();
  await expect(suggestion.getByRole("button", { name: /^Remove your upvote \(2 votes\)/ })).toBeVisible();
  // The board's own list below shows the same vote once the page has refreshed.
  await expect(visitor.page.getByTestId("post-row").filter({ hasText: "Dark mode for the dashboard" }).getByRole("button", { name: /^Remove your upvote \(2 votes\)/ })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor.page, "portal board with the idea form and suggestions");
  await screenshotBothWidths(visitor.page, "feedback-portal-idea-form");
  await form.getByLabel("Title").press("End");
  await form.getByLabel("Title").pressSequentially("de please, the white hurts", { delay: 10 });
  await form.getByLabel("Details (optional)").fill("Same as everyone: a dark theme.");
  await form.getByRole("button", { name: "Post anyway" }).click();
  await expect(visitor.page).toHaveURL(new RegExp(`/p/${slug}/posts/[^/]+$`));
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Dark mode please, the white hurts");
  const duplicateId = visitor.page.url().split("/").pop()!;

  // Voters of the duplicate: the one who voted for both, and a new one.
  await voteOnPortal(both.page, slug, duplicateId);
  const another = await newPerson(browser, "another", "Ann Other");
  await voteOnPortal(another.page, slug, duplicateId);

  // The admin finds it in the inbox by search; it is open.
  await seedInboxPosts(slug, "feature-requests");
  await admin.goto(`/w/${slug}/posts`);
  await admin.getByRole("searchbox", { name: "Search posts" }).fill("white hurts");
  await admin.getByRole("searchbox", { name: "Search posts" }).press("Enter");
  await expect(admin).toHaveURL(new RegExp(`/w/${slug}/posts\\?q=white\\+hurts$`));
  const rows = admin.getByTestId("inbox-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Dark mode please, the white hurts");
  await expect(rows.first()).toContainText("Open");
  await expect(admin.getByTestId("status-tab-open")).toContainText("1");
  await admin.goBack();
  await expect(rows).toHaveCount(7);
  await expectNoSeriousA11yViolations(admin, "posts inbox");
  await screenshotBothWidths(admin, "feedback-inbox");
  await admin.goForward();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("link", { name: "Dark mode please, the white hurts" }).click();
  await expect(admin).toHaveURL(new RegExp(`/w/${slug}/posts/${duplicateId}$`));

  // Change its status (only allowed moves are offered) and reply as the team.
  const status = admin.getByLabel("Status", { exact: true });
  await expect(status.locator("option")).toHaveText(["Open", "→ Under review", "→ Planned", "→ In progress", "→ Completed", "→ Closed"]);
  await status.selectOption("under_review");
  await expect(admin.getByRole("status").filter({ hasText: "Status: Under review." })).toBeVisible();
  await expect(status.locator("option")).toHaveText(["Under review", "→ Planned", "→ In progress", "→ Completed", "→ Closed"]);
  await admin.getByRole("textbox", { name: "Reply as the team" }).fill("Thanks! We are tracking this in the older post.");
  await admin.getByRole("button", { name: "Post reply" }).click();
  await expect(admin.getByTestId("team-comment").filter({ hasText: "Thanks! We are tracking" })).toContainText("Team");
  await expect(admin.getByTestId("voters")).toContainText("Bea Both");
  await expect(admin.getByTestId("voters")).toContainText("Ann Other");
  await expectNoSeriousA11yViolations(admin, "post page");
  await screenshotBothWidths(admin, "feedback-post");
  // On a phone the details column, its buttons included, stays inside the screen.
  await admin.setViewportSize({ width: 390, height: 844 });
  const deleteButton = await admin.getByRole("button", { name: "Delete post" }).boundingBox();
  expect(deleteButton!.x + deleteButton!.width).toBeLessThanOrEqual(390);
  await admin.setViewportSize({ width: 1280, height: 800 });

  // Merge the duplicate into the older post.
  await admin.getByRole("button", { name: "Merge into another post…" }).click();
  const merge = admin.getByRole("dialog", { name: "Merge into another post" });
  await merge.getByRole("searchbox").fill("Dark mode for");
  await merge.getByRole("radio", { name: /Dark mode for the dashboard/ }).check();
  await expect(merge.getByTestId("merge-summary")).toContainText("someone who voted for both counts once");
  await expectNoSeriousA11yViolations(admin, "merge dialog");
  await merge.getByRole("button", { name: "Merge posts" }).click();
  await expect(admin).toHaveURL(new RegExp(`/w/${slug}/posts/${olderId}$`));
  await expect(admin.getByTestId("post-vote-count")).toHaveText("3");
  await admin.goto(`/w/${slug}/posts/${duplicateId}`);
  await expect(admin.getByTestId("merged-banner")).toContainText("Merged into Dark mode for the dashboard");

  // The portal: one post with the distinct voters of both (Bea, Victor, Ann), the team's reply marked, and the duplicate's address lands on it.
  const guest = await browser.newPage();
  await guest.goto(`/p/${slug}/boards/feature-requests`);
  const darkMode = guest.getByTestId("post-row").filter({ hasText: "Dark mode" });
  await expect(darkMode).toHaveCount(1);
  await expect(darkMode).toContainText("Dark mode for the dashboard");
  await expect(darkMode.getByTestId("vote-count")).toHaveText("3");
  await guest.goto(`/p/${slug}/posts/${duplicateId}`);
  await expect(guest).toHaveURL(new RegExp(`/p/${slug}/posts/${olderId}$`));
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Dark mode for the dashboard");
  const reply = guest.getByTestId("comment").filter({ hasText: "Thanks! We are tracking this in the older post." });
  await expect(reply.getByTestId("team-badge")).toHaveText("Team");
  const api = await guest.request.get(`/api/public/${slug}/posts/${duplicateId}`);
  expect((await api.json()).data).toMatchObject({ id: duplicateId, status: "closed", mergedIntoId: olderId });

  // The boards page, for the record.
  await admin.goto(`/w/${slug}/boards`);
  await expect(admin.getByTestId("board-post-count")).toHaveText("7 posts");
  await expectNoSeriousA11yViolations(admin, "boards page");
  await screenshotBothWidths(admin, "feedback-boards");

  for (const person of [owner, both, visitor, another]) await person.context.close();
  await guest.close();
});
