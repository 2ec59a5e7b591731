import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { fullChromiumPath } from "./chromium";
import { expectNoSeriousA11yViolations } from "./a11y";
import { seedAccount, signInContext } from "./accounts";
import { PASSWORD } from "./helpers";
import { addBoard, addComponent, apiPost, e2eDatabaseUrl, publishedPortal, sql, type Portal } from "./public-fixtures";
import { enableSso, startHost, type HostServer } from "./widget-host";

// The widget inside a customer's app: a host page on another origin (127.0.0.1 against the app's
// localhost) served by the test, in a browser that blocks third-party cookies, so nothing here can
// lean on the app's cookies inside the frame. Full Chromium, not the headless shell, which does not
// block them.
test.skip(!e2eDatabaseUrl(), "needs PostgreSQL to seed the workspace");

test.use({
  launchOptions: {
    executablePath: fullChromiumPath(),
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu", "--no-first-run", "--test-third-party-cookie-phaseout"],
  },
});

const APP = `http://localhost:${process.env.E2E_PORT}`;
const ARTIFACTS = "e2e/artifacts/widget";

let host: HostServer;
let stranger: HostServer;
test.beforeEach(async () => {
  [host, stranger] = await Promise.all([startHost(APP), startHost(APP)]);
});
test.afterEach(async () => {
  await Promise.all([host.close(), stranger.close()]);
});

/** The workspace with a public board and its widget allowed on the host's origin, saved through the settings page. */
async function widgetWorkspace(page: Page): Promise<Portal & { boardId: string }> {
  const portal = await publishedPortal(page, "Acme Rockets");
  const boardId = await addBoard(portal, "Ideas", "ideas");
  await page.goto(`/w/${portal.slug}/settings/widget`);
  await page.getByRole("textbox", { name: "Allowed origins" }).fill(`${host.origin}\nhttps://*.example.com`);
  await page.getByRole("button", { name: "Save origins" }).click();
  await expect(page.getByText("Allowed origins saved.")).toBeVisible();
  await expect(page.getByTestId("widget-snippet")).toContainText(`Workspace("boot", { workspace: "${portal.slug}"`);
  return { ...portal, boardId };
}

// By address, not title: the frames' titles are in the widget's language.
const feedbackFrame = (page: Page) => page.frameLocator('iframe[src*="/feedback"]');
const changelogFrame = (page: Page) => page.frameLocator('iframe[src*="/changelog"]');

test("an SSO user in the customer's app posts an idea with the host's metadata, votes, reads the changelog and sees the status banner", async ({ page, browser }) => {
  const portal = await widgetWorkspace(page);
  const secret = await enableSso(portal.workspaceId);
  // With SSO on, the settings page's snippet shows where the token goes.
  await page.reload();
  await expect(page.getByTestId("widget-snippet")).toContainText(`Workspace("boot", { workspace: "${portal.slug}", ssoToken: TOKEN_FROM_YOUR_SERVER });`);
  await expect(page.getByTestId("widget-sso-example")).toContainText('setProtectedHeader({ alg: "HS256" })');
  const existing = await apiPost(page.request, portal, "/posts", { boardId: portal.boardId, title: "Dark mode for reports", body: "At night." });
  await apiPost(page.request, portal, "/changelog", { title: "Roadmap columns", body: "The roadmap has **columns**." });

  // The customer's app, in a browser of its own (no session of ours), the user signed in there.
  const context = await browser.newContext();
  const app = await context.newPage();
  host.next = { workspace: portal.slug, ssoSecret: secret, claims: { id: "cust-42", name: "Dana Host", email: "dana@customer.example", companies: [{ id: "co-1", name: "Globex", monthlySpend: 4200 }] } };
  await app.goto(`${host.origin}/reports?tab=1`);
  await expect(app.evaluate(() => (window as unknown as { Workspace: { version: string } }).Workspace.version)).resolves.toBe("1.0.0");
  // The host page pastes the snippet twice (widget-host.ts), and here loads the script once more:
  // one loader keeps running, one launcher, one unread badge.
  await expect(app.locator('[data-workspace-widget="launcher"]')).toHaveCount(1);
  await app.evaluate(() => ((window as unknown as { firstLoader: unknown; Workspace: unknown }).firstLoader = (window as unknown as { Workspace: unknown }).Workspace));
  await app.addScriptTag({ url: `${APP}/widget.js` });
  expect(await app.evaluate(() => (window as unknown as { firstLoader: unknown; Workspace: unknown }).firstLoader === (window as unknown as { Workspace: unknown }).Workspace)).toBe(true);
  await expect(app.locator('[data-workspace-widget="launcher"]')).toHaveCount(1);
  await expect(app.locator('[data-workspace-widget="changelog-badge"]')).toHaveCount(1);

  await app.getByRole("button", { name: "Feedback" }).click();
  const frame = feedbackFrame(app);
  await expect(frame.getByTestId("widget-user")).toHaveText("Signed in as Dana Host");
  // Third-party cookies are blocked in this frame: it holds its credential in memory instead.
  const cookieKept = await app.frames().find((candidate) => candidate.url().includes("/embed/"))!.evaluate(() => {
    document.cookie = "probe=1; SameSite=None; Secure; Path=/";
    return document.cookie.includes("probe=1");
  });
  expect(cookieKept).toBe(false);

  // Typing shows the portal's duplicate suggestions; a vote on one counts for this user.
  await frame.getByLabel("Title").fill("Dark mode");
  const suggestion = frame.getByTestId("similar-post").filter({ hasText: "Dark mode for reports" });
  await suggestion.getByRole("button", { name: /Upvote/ }).click();
  await expect(suggestion.getByRole("button", { name: /Remove your upvote/ })).toBeVisible();
  await expect.poll(() => app.evaluate(() => (window as unknown as { widgetEvents: unknown[][] }).widgetEvents.filter((event) => event[0] === "voted").length)).toBe(1);
  const [vote] = await sql<{ ssoExternalId: string }>(`SELECT u."ssoExternalId" FROM "Vote" v JOIN "User" u ON u.id = v."userId" WHERE v."postId" = $1`, [existing.id]);
  expect(vote?.ssoExternalId).toBe("cust-42");

  // A new idea: it reaches the inbox as this user's, with the host page's metadata.
  await frame.getByLabel("Title").fill("Scheduled exports of every report");
  await frame.getByLabel("Details (optional)").fill("Every Monday at 9.");
  await frame.getByRole("button", { name: /Post (idea|anyway)/ }).click();
  await expect(frame.getByTestId("widget-posted")).toBeVisible();
  await expect.poll(() => app.evaluate(() => (window as unknown as { widgetEvents: unknown[][] }).widgetEvents.filter((event) => event[0] === "submitted").length)).toBe(1);
  const [post] = await sql<{ id: string; hostMetadata: Record<string, unknown>; ssoExternalId: string; name: string; company: string; spend: number }>(
    `SELECT p.id, p."hostMetadata", u."ssoExternalId", u.name, c.name AS company, c."monthlySpend" AS spend
       FROM "Post" p JOIN "User" u ON u.id = p."authorId" JOIN "SsoUserCompany" uc ON uc."userId" = u.id JOIN "SsoCompany" c ON c.id = uc."companyId"
      WHERE p."workspaceId" = $1 AND p.title = 'Scheduled exports of every report'`,
    [portal.workspaceId],
  );
  expect(post).toMatchObject({ ssoExternalId: "cust-42", name: "Dana Host", company: "Globex" });
  expect(Number(post!.spend)).toBe(4200);
  expect(post!.hostMetadata).toEqual({ pageUrl: `${host.origin}/reports?tab=1`, appVersion: "9.9.9", plan: "enterprise", extra: { team: "blue" } });
  await frame.getByRole("tab", { name: "My ideas" }).click();
  await expect(frame.getByTestId("widget-own-ideas")).toContainText("Scheduled exports of every report");
  await expect(frame.getByTestId("widget-own-ideas")).toContainText("Open");

  // The team sees it in the inbox and, on the post's page, where it was written.
  await page.goto(`/w/${portal.slug}/posts`);
  const inboxRow = page.getByTestId("inbox-row").filter({ hasText: "Scheduled exports of every report" });
  await expect(inboxRow).toContainText("Dana Host");
  await expect(inboxRow.getByTestId("inbox-author-company")).toContainText("Globex · 4,200/mo");
  await page.goto(`/w/${portal.slug}/posts/${post!.id}`);
  await expect(page.getByTestId("host-metadata")).toContainText("9.9.9");
  await expect(page.getByTestId("host-metadata")).toContainText("enterprise");
  await expect(page.getByTestId("host-metadata")).toContainText(`${host.origin}/reports?tab=1`);
  await expect(page.getByTestId("post-author-company")).toContainText("Globex");
  await expect(page.getByTestId("post-author-company")).toContainText("4,200");

  // The changelog: one unread note; opening the popup marks it seen, and it stays seen.
  await frame.getByTestId("widget-close").click();
  await expect(app.locator('iframe[src*="/feedback"]')).toBeHidden();
  const badge = app.locator('[data-workspace-widget="changelog-badge"]');
  await expect(badge).toHaveAttribute("data-unread", "1");
  await app.getByRole("button", { name: /What's new/ }).click();
  await expect(changelogFrame(app).getByText("Roadmap columns")).toBeVisible();
  await expect(badge).toHaveAttribute("data-unread", "0");
  await app.keyboard.press("Escape");
  await app.reload();
  await expect(app.locator('[data-workspace-widget="changelog-badge"]')).toHaveAttribute("data-unread", "0");

  // The status banner: shown while an incident is open, gone once it is resolved.
  await expect(app.locator('[data-workspace-widget="status-banner"]')).toHaveCount(0);
  const incident = await apiPost(page.request, portal, "/status/incidents", { title: "Reports load slowly", message: "Looking into it.", impact: "major" });
  await expect(async () => {
    await app.reload();
    await expect(app.locator('[data-workspace-widget="status-banner"]')).toContainText("Reports load slowly", { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const resolved = await page.request.patch(`/api/v1/status/incidents/${String(incident.id)}`, { headers: { authorization: `Bearer ${portal.key}` }, data: { status: "resolved", message: "Fixed." } });
  expect(resolved.status()).toBe(200);
  await expect(async () => {
    await app.reload();
    await app.waitForFunction(() => (window as unknown as { Workspace: { loaded?: boolean } }).Workspace.loaded === true);
    await app.waitForTimeout(500);
    await expect(app.locator('[data-workspace-widget="status-banner"]')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await context.close();
});

test("the same snippet on an origin not in the list gets no widget, and the embed pages say where they may be framed", async ({ page, browser }) => {
  const portal = await widgetWorkspace(page);
  const context = await browser.newContext();
  const app = await context.newPage();
  const warnings: string[] = [];
  app.on("console", (message) => void (message.type() === "warning" && warnings.push(message.text())));
  stranger.next = { workspace: portal.slug };
  await app.goto(`${stranger.origin}/`);
  await expect.poll(() => warnings.join("\n")).toContain("not in the workspace's allowed origins");
  await expect(app.locator("[data-workspace-widget]")).toHaveCount(0);
  await expect(app.locator("iframe")).toHaveCount(0);

  // Framed there anyway by hand: the browser refuses it (frame-ancestors names the allowed ones only).
  const embed = await page.request.get(`/embed/${portal.slug}/feedback`);
  expect(embed.headers()["content-security-policy"]).toMatch(new RegExp(`frame-ancestors ${host.origin.replaceAll(".", "\\.")} https://\\*\\.example\\.com(;|$)`));
  expect(embed.headers()["x-frame-options"]).toBeUndefined();
  const dashboard = await page.request.get(`/w/${portal.slug}`);
  expect(dashboard.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await app.setContent(`<iframe title="forced" src="${APP}/embed/${portal.slug}/feedback"></iframe>`);
  await app.waitForTimeout(1_000);
  const forced = app.frames().find((candidate) => candidate.url().includes("/embed/"));
  expect(forced ? await forced.locator("body").innerText().catch(() => "") : "").not.toContain("Sign in");
  await context.close();
});

test("without SSO a visitor signs in through the portal in a popup, and the frame keeps the credential", async ({ page, browser }) => {
  const portal = await widgetWorkspace(page);
  const visitor = await seedAccount("visitor", "Vic Visitor");
  const context = await browser.newContext();
  const app = await context.newPage();
  host.next = { workspace: portal.slug, calls: `Workspace("feedback", { button: "none" }); Workspace("open"); Workspace("changelog", { anchor: "#whats-new", mode: "dropdown" });` };
  await app.goto(`${host.origin}/`);
  const frame = feedbackFrame(app);
  const [popup] = await Promise.all([app.waitForEvent("popup"), frame.getByTestId("widget-sign-in").click()]);
  await popup.getByLabel("Email").fill(visitor.email);
  await popup.getByLabel("Password").fill(PASSWORD);
  await popup.getByRole("button", { name: "Sign in" }).click();
  await popup.waitForEvent("close");
  await expect(frame.getByTestId("widget-user")).toHaveText("Signed in as Vic Visitor");
  // A message in the widget's envelope from the host page itself (or any window but the frame) is ignored.
  await app.evaluate(() => window.postMessage({ ns: "workspace-widget", type: "close" }, "*"));
  // …and so is one from a frame of another origin inside the host page.
  await app.evaluate(() => {
    const intruder = document.createElement("iframe");
    intruder.src = `data:text/html,<script>parent.postMessage({ ns: "workspace-widget", type: "close" }, "*")</script>`;
    document.body.appendChild(intruder);
  });
  await app.waitForTimeout(500);
  await expect(app.locator('iframe[src*="/feedback"]')).toBeVisible();
  await frame.getByLabel("Title").fill("A calendar view");
  await frame.getByRole("button", { name: /Post (idea|anyway)/ }).click();
  await expect(frame.getByTestId("widget-posted")).toBeVisible();
  const [post] = await sql<{ authorId: string }>(`SELECT "authorId" FROM "Post" WHERE "workspaceId" = $1 AND title = 'A calendar view'`, [portal.workspaceId]);
  expect(post?.authorId).toBe(visitor.id);
  // The changelog as a dropdown: a panel just under its anchor, with no backdrop over the page.
  await frame.getByTestId("widget-close").click();
  await app.locator("#whats-new").click();
  const dropdown = app.locator('iframe[src*="/changelog"]');
  await expect(dropdown).toBeVisible();
  const anchorBox = (await app.locator("#whats-new").boundingBox())!;
  const dropdownBox = (await dropdown.boundingBox())!;
  expect(dropdownBox.y).toBeGreaterThanOrEqual(anchorBox.y + anchorBox.height);
  expect(dropdownBox.y).toBeLessThan(anchorBox.y + anchorBox.height + 40);
  expect(dropdownBox.width).toBeLessThanOrEqual(380);
  await expect(app.locator('[data-workspace-widget="changelog"] .b')).toHaveCount(0);
  await app.keyboard.press("Escape");
  await expect(dropdown).toHaveCount(0);
  // destroy takes everything the widget added off the page.
  await app.evaluate(() => (window as unknown as { Workspace: (command: string) => void }).Workspace("destroy"));
  await expect(app.locator("[data-workspace-widget]")).toHaveCount(0);
  await context.close();
});

test("the embed pages speak each of the portal's seven languages, in its direction", async ({ page }) => {
  const portal = await widgetWorkspace(page);
  for (const locale of ["en", "de", "fr", "es", "pt-BR", "ja", "ar"] as const) {
    const words = (JSON.parse(fs.readFileSync(`messages/${locale}.json`, "utf8")) as { Widget: Record<string, string> }).Widget;
    for (const [path, title] of [["feedback", words.feedback], ["changelog", words.whatsNew]] as const) {
      await page.goto(`/embed/${portal.slug}/${path}?locale=${locale}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
      await expect(page.getByTestId("widget-close")).toHaveAccessibleName(words.close!);
      const shell = page.locator(`[lang="${locale}"][dir="${locale === "ar" ? "rtl" : "ltr"}"]`);
      await expect(shell.first()).toBeAttached();
    }
  }
});

test("screenshots of each widget, desktop and phone, light and dark, English and Arabic; axe on the embed pages", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const portal = await widgetWorkspace(page);
  await sql(`UPDATE "Workspace" SET "accentColor" = '#0f766e' WHERE id = $1`, [portal.workspaceId]);
  await apiPost(page.request, portal, "/posts", { boardId: portal.boardId, title: "Dark mode for reports", body: "At night." });
  await apiPost(page.request, portal, "/changelog", { title: "Roadmap columns", body: "The roadmap now shows **columns** per stage.\n\n- Planned\n- In progress" });
  await apiPost(page.request, portal, "/changelog", { title: "Faster search", body: "Search answers in under 50 ms." });
  await apiPost(page.request, portal, "/status/incidents", { title: "Reports load slowly", message: "We are looking into it.", impact: "major" });
  await addComponent(portal, "API", 0);
  await addComponent(portal, "Reports", 1);
  const secret = await enableSso(portal.workspaceId);
  const visitor = await seedAccount("visitor", "Vic Visitor");
  fs.mkdirSync(ARTIFACTS, { recursive: true });

  for (const [device, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const) {
    for (const theme of ["light", "dark"] as const) {
      for (const locale of ["en", "ar"] as const) {
        const name = `${device}-${theme}-${locale}`;
        const context = await browser.newContext({ viewport, colorScheme: theme });
        const app = await context.newPage();
        host.next = { workspace: portal.slug, locale, theme, ssoSecret: secret, claims: { id: `shot-${name}`, name: "Dana Host" } };
        await app.goto(`${host.origin}/`);
        await expect(app.locator('[data-workspace-widget="status-banner"]')).toContainText("Reports load slowly");
        // The banner on its own, before a panel covers the page.
        await app.screenshot({ path: `${ARTIFACTS}/status-banner-${name}.png` });
        await app.locator('[data-workspace-widget="launcher"]').getByRole("button").click();
        await expect(feedbackFrame(app).getByTestId("widget-user")).toContainText("Dana Host");
        await feedbackFrame(app).locator('input[name="title"]').fill("Dark mode");
        await expect(feedbackFrame(app).getByTestId("similar-post")).toBeVisible();
        await app.screenshot({ path: `${ARTIFACTS}/feedback-${name}.png` });
        await feedbackFrame(app).getByTestId("widget-close").click();
        await app.locator("#whats-new").click();
        await expect(changelogFrame(app).getByText("Faster search")).toBeVisible();
        // An English note reads left to right in an Arabic frame, its title with its body.
        const noteTitle = changelogFrame(app).getByRole("heading", { name: "Faster search" });
        expect(await noteTitle.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
        await app.screenshot({ path: `${ARTIFACTS}/changelog-${name}.png` });
        await context.close();

        // The frames' pages on their own (as the frames load them), signed in for the feedback form.
        const direct = await browser.newContext({ viewport, colorScheme: theme });
        await signInContext(direct, visitor);
        const embedPage = await direct.newPage();
        await embedPage.goto(`/embed/${portal.slug}/status?embed=overall,incidents,components&locale=${locale}&theme=${theme}`);
        await expect(embedPage.getByText("Reports load slowly")).toBeVisible();
        await embedPage.screenshot({ path: `${ARTIFACTS}/status-embed-${name}.png`, fullPage: true });
        if (device === "desktop") {
          for (const path of ["status?embed=components,incidents", "changelog", "feedback"]) {
            await embedPage.goto(`/embed/${portal.slug}/${path}${path.includes("?") ? "&" : "?"}locale=${locale}&theme=${theme}`);
            await expect(embedPage.locator("main")).toBeVisible();
            // The host's language (and its direction), colour scheme and the workspace's accent.
            const shell = embedPage.locator("[data-accent]");
            await expect(shell).toHaveAttribute("lang", locale);
            await expect(shell).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
            await expect(shell).toHaveAttribute("data-theme", theme);
            expect(await shell.evaluate((element) => (element as HTMLElement).style.getPropertyValue("--accent").trim())).toBe("#0f766e");
            if (path.startsWith("status")) {
              // Only the sections asked for.
              await expect(embedPage.getByTestId("embed-components")).toBeVisible();
              await expect(embedPage.getByTestId("embed-incidents")).toBeVisible();
              await expect(embedPage.getByTestId("status-banner")).toHaveCount(0);
            }
            await expectNoSeriousA11yViolations(embedPage, `embed ${path} ${name}`);
          }
        }
        await direct.close();
      }
    }
  }
  await page.goto(`/w/${portal.slug}/settings/widget`);
  // Taken once the page is live (its buttons are disabled until then).
  await expect(page.getByRole("button", { name: "Copy snippet" })).toBeEnabled();
  await page.screenshot({ path: `${ARTIFACTS}/settings-desktop.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, "widget settings");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}/settings-phone.png`, fullPage: true });
});
