import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { freePort } from "../scripts/lib/free-port.mjs";
import { startCuttableDatabase, type CuttableDatabase } from "../tests/support/cuttable-database";
import { seedAccount, signInContext } from "./accounts";
import { addBoard, apiPost, e2eDatabaseUrl, publishedPortal, sql } from "./public-fixtures";

// The attack: stop PostgreSQL while a signed-in visitor is on a portal post, then vote and comment.
// A vote or comment answered "Sign in to comment" (the failed session check read as signed out),
// and pages answered 500 for a moment before the 503 page. Here a second production server reaches
// the e2e database through a relay that drops and refuses connections the way a stopped server
// does (tests/support/cuttable-database.ts); it shares the first server's secret, so the
// visitor's cookie works on both.

const BRIEFLY_UNAVAILABLE = "The service is briefly unavailable, try again in a moment.";

test("during a database outage a portal vote and comment say 'briefly unavailable', pages answer 503, nothing is written", async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const databaseUrl = e2eDatabaseUrl();
  test.skip(!databaseUrl, "needs PostgreSQL (TEST_DATABASE_URL)");

  const portal = await publishedPortal(page, "Outage Rockets");
  const boardId = await addBoard(portal, "Ideas", "ideas");
  const post = await apiPost(request, portal, "/posts", { boardId, title: "Offline mode", body: "Work on planes." });
  const postPath = `/p/${portal.slug}/posts/${post.id}`;

  const visitorContext = await browser.newContext();
  await signInContext(visitorContext, await seedAccount("outage-visitor", "Otto Outage"));
  const visitor = await visitorContext.newPage();

  const database: CuttableDatabase = await startCuttableDatabase(databaseUrl!);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs", "--port", String(port)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      NEXTAUTH_URL: origin,
      NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET ?? "e2e-nextauth-secret-0123456789abcdef0123456789",
      API_KEY_SECRET: process.env.E2E_API_KEY_SECRET ?? "e2e-api-key-secret-0123456789abcdef0123456789",
      DATABASE_URL: database.url,
      SKIP_MIGRATIONS: "1",
      AUTH_IP_LIMIT_FACTOR: "50",
      // This second server sends no mail; saying so is how production starts without SMTP.
      MAIL_TRANSPORT: "none",
    },
    stdio: "ignore",
  });
  try {
    await expect
      .poll(async () => (await request.get(`${origin}/api/health`).catch(() => null))?.status() ?? 0, { timeout: 60_000 })
      .toBe(200);

    await visitor.goto(`${origin}${postPath}`);
    await expect(visitor.getByTestId("portal-user")).toContainText("Otto Outage");
    const votes = visitor.getByTestId("vote-count");
    await expect(votes).toHaveText("0");

    await database.cut();

    await votes.click();
    await expect(visitor.getByRole("alert").filter({ hasText: BRIEFLY_UNAVAILABLE })).toBeVisible();
    await expect(votes).toHaveText("0");
    await expect(votes).toHaveAttribute("aria-pressed", "false");
    await expect(visitor.getByText(/Sign in/)).toHaveCount(0);

    await visitor.getByLabel("Add a comment").fill("Written during the outage");
    await visitor.getByRole("button", { name: "Post comment" }).click();
    await expect(visitor.getByRole("alert").filter({ hasText: BRIEFLY_UNAVAILABLE })).toHaveCount(2);
    await expect(visitor.getByText("Sign in to comment.")).toHaveCount(0);

    // The very first page render after the stop: 503, not a 500. (The post's page, rendered once
    // already, is the one every visitor shares, and the page cache still answers it.)
    const during = await visitor.goto(`${origin}/p/${portal.slug}/roadmap`);
    expect(during?.status()).toBe(503);
    await expect(visitor.getByRole("heading", { name: "Temporarily unavailable" })).toBeVisible();

    await database.restore();
    await expect.poll(async () => (await visitor.goto(`${origin}${postPath}`))?.status(), { timeout: 15_000 }).toBe(200);
    // Still signed in after the outage; nothing of the vote or the comment was written.
    await expect(visitor.getByTestId("portal-user")).toContainText("Otto Outage");
    await expect(visitor.getByTestId("vote-count")).toHaveText("0");
    await expect(visitor.getByText("Written during the outage")).toHaveCount(0);
    const [row] = await sql<{ voteCount: number; commentCount: number }>(`SELECT "voteCount", "commentCount" FROM "Post" WHERE id = $1`, [post.id]);
    expect(row).toEqual({ voteCount: 0, commentCount: 0 });
    expect(await sql(`SELECT 1 FROM "Comment" WHERE body = 'Written during the outage'`)).toEqual([]);
  } finally {
    server.kill("SIGTERM");
    await database.close();
    await visitorContext.close();
  }
});
