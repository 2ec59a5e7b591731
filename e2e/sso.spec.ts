import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { SignJWT } from "jose";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS } from "./dashboard-helpers";
import { addBoard, apiPost, publishedPortal } from "./public-fixtures";

// Portal sign-in with the customer's own accounts, against the production build. The test plays
// the customer's app: a local HTTP server that, given the portal's state, signs a token with the
// workspace's secret (jose, HS256) and redirects back to the portal's callback.

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

async function startCustomerApp(portalOrigin: string, slug: string) {
  let secret = "";
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://customer.local");
    if (url.pathname !== "/portal-sign-in") {
      response.writeHead(404).end();
      return;
    }
    // The customer's user is already signed in to their app: it vouches for them.
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      id: "cust-ada",
      email: "ada@bigcorp.test",
      name: "Ada Lovelace",
      // Served by the portal's own origin here (the page's CSP allows https images and its own).
      avatarURL: new URL("/icon.svg", portalOrigin).toString(),
      companies: [{ id: "bigcorp", name: "BigCorp", monthlySpend: 12500 }],
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(secret));
    const back = new URL(`/p/${slug}/sso/callback`, portalOrigin);
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    back.searchParams.set("token", token);
    response.writeHead(302, { location: back.toString() });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    signInUrl: `http://127.0.0.1:${port}/portal-sign-in`,
    useSecret: (value: string) => {
      secret = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("SSO: an admin sets it up; the portal's Sign in goes through the customer's app and back to the same page; the inbox shows and sorts by voters' spend", async ({ page, browser, baseURL }) => {
  const portal = await publishedPortal(page);
  const customer = await startCustomerApp(baseURL!, portal.slug);
  try {
    // Settings → Single sign-on.
    await page.goto(`/w/${portal.slug}/settings/sso`);
    await expect(page.getByRole("heading", { name: "Single sign-on" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "SSO settings");
    await page.getByRole("switch", { name: "Sign in with your app (SSO)" }).click();
    await page.getByLabel("Your sign-in URL").fill(customer.signInUrl);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("SSO settings saved.")).toBeVisible();
    await page.getByRole("button", { name: "Create secret" }).click();
    const secret = (await page.getByTestId("new-sso-secret").textContent())!.trim();
    expect(secret).toMatch(/^sso_[A-Za-z0-9_-]{40,}$/);
    customer.useSecret(secret);
    await shoot(page, "sso-secret-created");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("sso-secret-row")).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, "SSO settings with a secret");
    await shoot(page, "sso-settings");

    const boardId = await addBoard(portal, "Ideas", "ideas");
    const post = await apiPost(page.request, portal, "/posts", { boardId, title: "Export to CSV", body: "For our finance team." });
    const quiet = await apiPost(page.request, portal, "/posts", { boardId, title: "A quieter idea", body: "Nobody paying asked." });
    expect(quiet.id).toBeTruthy();
    const postPath = `/p/${portal.slug}/posts/${post.id}`;

    // A visitor of the portal, signed in to nothing here.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(postPath);
    await visitor.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(visitor).toHaveURL(new RegExp(`${postPath}$`));
    await expect(visitor.getByTestId("portal-user")).toContainText("Ada Lovelace");
    await expect(visitor.getByTestId("portal-user-avatar")).toBeVisible();
    await visitor.getByRole("button", { name: /^Upvote/ }).click();
    await expect(visitor.getByRole("button", { name: /^Remove your upvote/ })).toBeVisible();
    // A comment of theirs carries their name and picture too.
    await visitor.getByLabel("Add a comment").fill("We export every Friday.");
    await visitor.getByRole("button", { name: "Post comment" }).click();
    const comment = visitor.getByTestId("comment").filter({ hasText: "We export every Friday." });
    await expect(comment).toContainText("Ada Lovelace");
    await expect(comment.getByTestId("author-avatar")).toBeVisible();

    // Their own idea shows their name and picture.
    await visitor.goto(`/p/${portal.slug}/boards/ideas`);
    const form = visitor.getByRole("form", { name: "Post an idea" });
    await form.getByLabel("Title").fill("Quarterly invoices as PDF");
    await form.getByRole("button", { name: /^(Post idea|Post anyway)$/ }).click();
    await expect(visitor).toHaveURL(new RegExp(`/p/${portal.slug}/posts/[^/]+$`));
    const quarterly = new URL(visitor.url()).pathname.split("/").pop();
    await expect(visitor.getByRole("article")).toContainText("Ada Lovelace");
    await expect(visitor.getByRole("article").getByTestId("author-avatar")).toBeVisible();
    await shoot(visitor, "sso-portal-idea");

    // The same callback a second time (its state is used up): a clear page, not a sign-in.
    const fresh = await (await browser.newContext()).newPage();
    let callback = "";
    fresh.on("request", (request) => {
      if (request.url().includes("/sso/callback")) callback = request.url();
    });
    await fresh.goto(`/p/${portal.slug}/sso/start?from=${encodeURIComponent(postPath)}`);
    await expect(fresh).toHaveURL(new RegExp(`${postPath}$`));
    await fresh.goto(callback);
    await expect(fresh.getByTestId("sso-failed")).toContainText("already used");
    await expect(fresh.getByTestId("sso-failed")).toContainText("state_used");
    await fresh.goto(`/p/${portal.slug}/sso/callback?token=x`);
    await expect(fresh.getByTestId("sso-failed")).toContainText("not valid");

    // The team sees who voted, their company and what it pays, and can put that first.
    await page.goto(`/w/${portal.slug}/posts`);
    await page.getByLabel("Sort").selectOption("spend");
    await expect(page).toHaveURL(/sort=spend/);
    const rows = page.getByTestId("inbox-row");
    await expect(rows.first()).toContainText("Export to CSV");
    await expect(rows.first().getByTestId("inbox-voter-spend")).toContainText("12,500/mo");
    await expect(rows.filter({ hasText: "Quarterly invoices as PDF" }).getByTestId("inbox-author-company")).toContainText("BigCorp · 12,500/mo");
    await expect(rows.filter({ hasText: "Quarterly invoices as PDF" })).toContainText("Ada Lovelace");
    await shoot(page, "sso-inbox-spend");
    // On a wide screen the author column shows the company with its spend whole, not cut short.
    const authorCompany = rows.filter({ hasText: "Quarterly invoices as PDF" }).locator("td").nth(5).getByTitle("BigCorp · 12,500/mo");
    await expect(authorCompany).toBeVisible();
    expect(await authorCompany.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight)).toBe(true);
    await page.goto(`/w/${portal.slug}/posts/${quarterly}`);
    await expect(page.getByRole("article").getByTestId("author-avatar")).toBeVisible();
    await expect(page.getByTestId("post-author-company")).toContainText("BigCorp · 12,500/mo");
    await page.goto(`/w/${portal.slug}/posts/${post.id}`);
    await expect(page.getByTestId("voters")).toContainText("Ada Lovelace");
    await expect(page.getByTestId("voters").getByTestId("author-avatar")).toBeVisible();
    await expect(page.getByTestId("voter-company")).toContainText("BigCorp · 12,500/mo");
    await expect(page.getByTestId("post-voter-spend")).toContainText("12,500");
  } finally {
    await customer.close();
  }
});
