import { expect, test, type Page } from "@playwright/test";
import { captureServerAction, newPerson, ownerWithWorkspace, replayHeaders, seedMembership } from "./dashboard-helpers";
import { createBoardInUi, createPostInUi } from "./feedback-helpers";
import { e2eDatabaseUrl, sql } from "./public-fixtures";

// The role table (lib/domain/access/roles.ts) on the feedback pages: a viewer is shown no control that would only fail, a member
// only what members may do, and the server refuses whatever a page did not offer.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL)");

const WRITE_CONTROLS: [string, Parameters<Page["getByRole"]>][] = [
  ["new board", ["button", { name: "New board" }]],
  ["edit board", ["button", { name: /^Edit / }]],
  ["delete board", ["button", { name: /^Delete / }]],
];

test("a viewer sees boards, the inbox and a post read-only; a member gets the member controls and no admin ones", async ({ browser }) => {
  test.setTimeout(180_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "fbroles");
  await createBoardInUi(owner.page, slug, "Ideas");
  const postId = await createPostInUi(owner.page, slug, "Offline mode", { tags: "mobile" });
  await owner.page.getByRole("textbox", { name: "Reply as the team" }).fill("Noted.");
  await owner.page.getByRole("button", { name: "Post reply" }).click();
  await expect(owner.page.getByTestId("team-comment")).toHaveCount(1);

  const viewer = await newPerson(browser, "viewer", "Vera Viewer");
  await seedMembership(slug, viewer.email, "VIEWER");
  const v = viewer.page;

  await v.goto(`/w/${slug}/boards`);
  await expect(v.getByTestId("board-row")).toHaveCount(1);
  await expect(v.getByText("You are a viewer: you can see the boards, but only admins and owners create, change or delete them.")).toBeVisible();
  for (const [label, [role, options]] of WRITE_CONTROLS) await expect(v.getByRole(role, options), label).toHaveCount(0);

  await v.goto(`/w/${slug}/posts`);
  await expect(v.getByTestId("inbox-row")).toHaveCount(1);
  await expect(v.getByRole("button", { name: "New post" })).toHaveCount(0);

  await v.goto(`/w/${slug}/posts/${postId}`);
  await expect(v.getByTestId("post-title")).toHaveText("Offline mode");
  await expect(v.getByTestId("team-comment")).toContainText("Noted.");
  const main = v.getByRole("main");
  // Nothing on the post page changes anything: no buttons, no fields, no choices.
  await expect(main.getByRole("button")).toHaveCount(0);
  await expect(main.getByRole("textbox")).toHaveCount(0);
  await expect(main.getByRole("combobox")).toHaveCount(0);
  await expect(main.getByText("Not on the roadmap")).toBeVisible();

  const member = await newPerson(browser, "member", "Mo Member");
  await seedMembership(slug, member.email, "MEMBER");
  const m = member.page;
  await m.goto(`/w/${slug}/posts/${postId}`);
  await expect(m.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
  await expect(m.getByLabel("Status", { exact: true })).toBeEnabled();
  await expect(m.getByLabel("Roadmap item")).toBeEnabled();
  await expect(m.getByRole("textbox", { name: "Reply as the team" })).toBeVisible();
  for (const name of ["Hide", "Show", "Delete", "Merge into another post…", "Delete post"]) {
    await expect(m.getByRole("main").getByRole("button", { name, exact: true }), name).toHaveCount(0);
  }
  await m.goto(`/w/${slug}/boards`);
  for (const [label, [role, options]] of WRITE_CONTROLS) await expect(m.getByRole(role, options), label).toHaveCount(0);
  await m.goto(`/w/${slug}/posts`);
  await expect(m.getByRole("button", { name: "New post" })).toBeVisible();

  for (const person of [owner, viewer, member]) await person.context.close();
});

test("a member's replay of an admin-only action (delete a board, merge, hide a comment) is refused and changes nothing", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "fbreplay");
  const page = owner.page;
  await createBoardInUi(page, slug, "Ideas");
  const keep = await createPostInUi(page, slug, "Keep me");
  const dup = await createPostInUi(page, slug, "Duplicate of keep me");
  await page.getByRole("textbox", { name: "Reply as the team" }).fill("A comment to moderate.");
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByTestId("team-comment")).toHaveCount(1);

  // The admin's own requests, recorded but kept from the server.
  const hide = await captureServerAction(page, () => page.getByRole("button", { name: "Hide", exact: true }).click(), { block: true });
  await page.getByRole("button", { name: "Merge into another post…" }).click();
  const dialog = page.getByRole("dialog", { name: "Merge into another post" });
  // The search is an action too: let it answer before recording the merge.
  const searched = page.waitForResponse((response) => response.request().method() === "POST" && (response.request().postData() ?? "").includes('"Keep me"'));
  await dialog.getByRole("searchbox").fill("Keep me");
  await searched;
  await dialog.getByRole("radio", { name: /^Keep me/ }).check();
  const merge = await captureServerAction(page, () => dialog.getByRole("button", { name: "Merge posts" }).click(), { block: true });
  expect(merge.body).toContain(keep);
  await page.goto(`/w/${slug}/boards`);
  const deleteBoard = await captureServerAction(
    page,
    async () => {
      await page.getByRole("button", { name: "Delete Ideas" }).click();
      await page.getByRole("dialog").getByRole("button", { name: /^Delete board/ }).click();
    },
    { block: true },
  );

  const member = await newPerson(browser, "member", "Mo Member");
  await seedMembership(slug, member.email, "MEMBER");
  const replays = [
    [deleteBoard, "Only admins and owners can delete boards."],
    [hide, "Only admins and owners can hide comments."],
    [merge, "Only admins and owners can merge posts."],
  ] as const;
  for (const [action, refusal] of replays) {
    const response = await member.page.request.post(action.url, { headers: replayHeaders(action, baseURL!), data: action.body });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(refusal);
  }

  const [board] = await sql<{ count: string }>(`SELECT count(*) FROM "Board" b JOIN "Workspace" w ON w.id = b."workspaceId" WHERE w.slug = $1`, [slug]);
  expect(Number(board!.count)).toBe(1);
  const [post] = await sql<{ mergedIntoId: string | null }>(`SELECT "mergedIntoId" FROM "Post" WHERE id = $1`, [dup]);
  expect(post!.mergedIntoId).toBeNull();
  const [comment] = await sql<{ hiddenAt: Date | null }>(`SELECT "hiddenAt" FROM "Comment" WHERE "postId" = $1`, [dup]);
  expect(comment!.hiddenAt).toBeNull();

  // The same requests from the owner go through: the refusal was the role, not the replay.
  const allowed = await page.request.post(hide.url, { headers: replayHeaders(hide, baseURL!), data: hide.body });
  expect(await allowed.text()).not.toContain("Only admins");
  const [hidden] = await sql<{ hiddenAt: Date | null }>(`SELECT "hiddenAt" FROM "Comment" WHERE "postId" = $1`, [dup]);
  expect(hidden!.hiddenAt).not.toBeNull();
  for (const person of [owner, member]) await person.context.close();
});
