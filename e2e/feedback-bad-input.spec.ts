import { expect, test } from "@playwright/test";
import { captureServerAction, newPerson, ownerWithWorkspace, replayHeaders } from "./dashboard-helpers";
import { createBoardInUi, createPostInUi, publishPortal } from "./feedback-helpers";
import { e2eDatabaseUrl, sql } from "./public-fixtures";

// Bad input gets a clear answer, and nothing is half-written: in the browser.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL)");

test("boards: a taken slug is a field error, the Free plan's limit is said before submitting, delete says what goes and a second tab is told it is gone", async ({ browser }) => {
  test.setTimeout(180_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "fbboards");
  const page = owner.page;
  await createBoardInUi(page, slug, "Ideas");
  await createPostInUi(page, slug, "First idea");
  await createPostInUi(page, slug, "Second idea");

  await page.goto(`/w/${slug}/boards`);
  await page.getByRole("button", { name: "New board" }).click();
  const dialog = page.getByRole("dialog", { name: "New board" });
  await dialog.getByLabel("Name").fill("Ideas");
  await expect(dialog.getByLabel("Slug")).toHaveValue("ideas");
  await dialog.getByRole("button", { name: "Create board" }).click();
  await expect(dialog.getByLabel("Slug")).toHaveAccessibleDescription("Another board of this workspace already uses this slug.");
  await dialog.getByLabel("Name").fill("");
  await dialog.getByLabel("Slug").fill("bugs");
  await dialog.getByRole("button", { name: "Create board" }).click();
  await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription("Name must not be empty.");
  await dialog.getByLabel("Name").fill("Bugs");
  await dialog.getByRole("button", { name: "Create board" }).click();
  await expect(dialog).toBeHidden();
  await createBoardInUi(page, slug, "Integrations");

  // Three boards on the Free plan: the form says so before anyone types.
  await expect(page.getByTestId("board-usage")).toContainText("3 of 3");
  await page.getByRole("button", { name: "New board" }).click();
  await expect(dialog.getByTestId("board-limit-message")).toContainText("The Free plan allows 3 boards.");
  await expect(dialog.getByRole("button", { name: "Create board" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Delete from two tabs: the confirmation says what goes; the second tab is told it is gone.
  const second = await owner.context.newPage();
  await second.goto(`/w/${slug}/boards`);
  await page.getByRole("button", { name: "Delete Ideas" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete “Ideas”?" });
  await expect(confirm).toContainText("Its 2 posts go with it, with all their votes and comments.");
  await confirm.getByRole("button", { name: "Delete board and 2 posts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“Ideas” is deleted, with its 2 posts." })).toBeVisible();
  await second.getByRole("button", { name: "Delete Ideas" }).click();
  await second.getByRole("dialog").getByRole("button", { name: "Delete board and 2 posts" }).click();
  await expect(second.getByRole("alert").filter({ hasText: "This board was already deleted." })).toBeVisible();
  await expect(second.getByTestId("board-row")).toHaveCount(2);
  await owner.context.close();
});

test("two tabs editing one post: the second save is told the post changed and shown the current version, never overwriting it", async ({ browser }) => {
  test.setTimeout(120_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "fbstale");
  await createBoardInUi(owner.page, slug, "Ideas");
  const postId = await createPostInUi(owner.page, slug, "Original title", { body: "Original body" });
  const [tab1, tab2] = [owner.page, await owner.context.newPage()];
  for (const tab of [tab1, tab2]) {
    await tab.goto(`/w/${slug}/posts/${postId}`);
    await tab.getByRole("button", { name: "Edit", exact: true }).click();
  }
  await tab1.getByLabel("Title").fill("Title from tab one");
  await tab1.getByRole("button", { name: "Save" }).click();
  await expect(tab1.getByTestId("post-title")).toHaveText("Title from tab one");

  await tab2.getByLabel("Title").fill("Title from tab two");
  await tab2.getByRole("button", { name: "Save" }).click();
  const stale = tab2.getByTestId("stale-post");
  await expect(stale).toContainText("Someone else changed this post since you opened it. Nothing was saved.");
  await expect(stale.getByTestId("stale-title")).toHaveText("Title from tab one");
  await expect(tab2.getByLabel("Title")).toHaveValue("Title from tab two");
  const [row] = await sql<{ title: string }>(`SELECT title FROM "Post" WHERE id = $1`, [postId]);
  expect(row!.title).toBe("Title from tab one");

  // Knowingly saving over it works, on the version it was shown.
  await stale.getByRole("button", { name: "Save mine over it" }).click();
  await expect(tab2.getByTestId("post-title")).toHaveText("Title from tab two");
  await owner.context.close();
});

test("portal: a visitor over the submission limit is told in the form; a replayed comment on a private board's post is refused", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { owner, slug } = await ownerWithWorkspace(browser, "fbportal");
  await createBoardInUi(owner.page, slug, "Ideas");
  await createBoardInUi(owner.page, slug, "Internal", { isPublic: false });
  await publishPortal(owner.page, slug);
  const publicPost = await createPostInUi(owner.page, slug, "Public idea", { board: "Ideas" });
  const privatePost = await createPostInUi(owner.page, slug, "Secret plan", { board: "Internal" });

  const visitor = await newPerson(browser, "visitor", "Vic Visitor");
  const v = visitor.page;
  await v.goto(`/p/${slug}/posts/${publicPost}`);
  const comment = await captureServerAction(
    v,
    async () => {
      await v.getByLabel("Add a comment").fill("Hello there");
      await v.getByRole("button", { name: "Post comment" }).click();
    },
    { block: true, pattern: "**/p/**" },
  );
  expect(comment.body).toContain(publicPost);
  const replayed = await v.request.post(comment.url, { headers: replayHeaders(comment, baseURL!), data: comment.body.replace(publicPost, privatePost) });
  expect(await replayed.text()).toContain("This post is no longer available.");
  const [count] = await sql<{ count: string }>(`SELECT count(*) FROM "Comment" WHERE "postId" = $1`, [privatePost]);
  expect(Number(count!.count)).toBe(0);

  // Ten ideas (through the form's own request), then the eleventh in the form is refused with the limit and when to retry.
  await v.goto(`/p/${slug}/boards/ideas`);
  const form = v.getByRole("form", { name: "Post an idea" });
  // Typing asks for similar posts (an action too): let that answer before recording the submit.
  const suggested = v.waitForResponse((response) => response.request().method() === "POST" && (response.request().postData() ?? "").includes("Idea number 0"));
  await form.getByLabel("Title").fill("Idea number 0");
  await suggested;
  const submit = await captureServerAction(v, () => form.getByRole("button", { name: /^Post/ }).click(), { pattern: "**/p/**" });
  expect(submit.body).toContain('"title":"Idea number 0"');
  await expect(v).toHaveURL(new RegExp(`/p/${slug}/posts/`));
  for (let i = 1; i < 10; i++) {
    const response = await v.request.post(submit.url, { headers: replayHeaders(submit, baseURL!), data: submit.body.replace("Idea number 0", `Idea number ${i}`) });
    expect(response.status()).toBe(200);
  }
  await v.goto(`/p/${slug}/boards/ideas`);
  await form.getByLabel("Title").fill("Idea number 10");
  await form.getByRole("button", { name: /^Post/ }).click();
  await expect(form.getByTestId("submit-post-error")).toContainText(/You can post 10 ideas an hour, and you have reached that\. Try again in about (a minute|\d+ minutes)\./);
  const [posts] = await sql<{ count: string }>(`SELECT count(*) FROM "Post" p JOIN "User" u ON u.id = p."authorId" WHERE u.email = $1`, [visitor.email]);
  expect(Number(posts!.count)).toBe(10);
  for (const person of [owner, visitor]) await person.context.close();
});
