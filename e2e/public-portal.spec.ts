import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { seedAccount } from "./accounts";
import { PASSWORD } from "./helpers";
import { addBoard, addComponent, apiPost, e2eDatabaseUrl, publishedPortal, sql } from "./public-fixtures";

// The visitor's side of the portal, against the production build: the status page and badge, the
// changelog and its feed, and voting after signing in. Rows the UI cannot create yet are seeded
// by SQL; incidents and release notes are also created through the real /api/v1 endpoints.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");

const ARTIFACTS = "e2e/artifacts";
fs.mkdirSync(ARTIFACTS, { recursive: true });
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });

test("a visitor sees an incident opened through the API on the status page", async ({ page, request, browser }) => {
  const portal = await publishedPortal(page);
  const api = await addComponent(portal, "API", 0);
  await addComponent(portal, "Dashboard", 1);
  const incident = await apiPost(request, portal, "/status/incidents", {
    title: "Elevated error rates",
    message: "We are investigating failing API requests.",
    impact: "major",
    components: [{ id: api, status: "partial_outage" }],
  });
  expect(incident).toMatchObject({ title: "Elevated error rates" });

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/p/${portal.slug}/status`);
  await expect(visitor).toHaveTitle(`Status · ${portal.name}`);
  await expect(visitor.getByTestId("status-banner")).toHaveText(/Partial outage/);
  const card = visitor.getByTestId("incident").filter({ hasText: "Elevated error rates" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("We are investigating failing API requests.");
  await expect(visitor.getByTestId("status-component").filter({ hasText: "API" })).toContainText("Partial outage");
});

test("the status page shows components, active incidents with their timeline, and recent history", async ({ page, browser }) => {
  const portal = await publishedPortal(page, "Globex");
  const api = await addComponent(portal, "API", 0);
  await addComponent(portal, "Website", 1);
  await sql(`UPDATE "StatusComponent" SET status = 'degraded_performance' WHERE id = $1`, [api]);
  await sql(
    `WITH i AS (INSERT INTO "Incident" (id, "workspaceId", title, status, impact, "createdAt", "updatedAt") VALUES ('inc_' || md5(random()::text), $1, 'Slow dashboard', 'identified', 'minor', now() - interval '20 minutes', now()) RETURNING id)
     INSERT INTO "IncidentUpdate" (id, "workspaceId", "incidentId", status, impact, message, "createdAt")
     SELECT 'upd_' || md5(random()::text || n), $1, i.id, s::"IncidentStatus", 'minor', m, now() - (n || ' minutes')::interval
     FROM i, (VALUES (20, 'investigating', 'Pages load slowly.'), (5, 'identified', 'A cache node is down.')) AS v(n, s, m)`,
    [portal.workspaceId],
  );
  await sql(
    `INSERT INTO "Incident" (id, "workspaceId", title, status, impact, "resolvedAt", "createdAt", "updatedAt") VALUES ('inc_old_' || md5(random()::text), $1, 'Old outage', 'resolved', 'critical', now() - interval '3 days', now() - interval '3 days', now())`,
    [portal.workspaceId],
  );
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/p/${portal.slug}/status`);
  await expect(visitor.getByTestId("status-banner")).toHaveText(/Degraded performance/);
  const active = visitor.getByTestId("incident").filter({ hasText: "Slow dashboard" });
  await expect(active).toContainText("A cache node is down.");
  await expect(active).toContainText("Pages load slowly.");
  await expect(visitor.getByRole("region", { name: "Resolved in the last 30 days" })).toContainText("Old outage");
  const status = await (await visitor.request.get(`/api/public/${portal.slug}/status`)).json();
  expect(status.data).toMatchObject({ indicator: "degraded", activeIncidents: [{ title: "Slow dashboard", latestUpdate: { message: "A cache node is down." } }] });
});

test("a release note published through the API appears in the changelog and the feed", async ({ page, request, browser }) => {
  const portal = await publishedPortal(page, "Initech");
  const note = await apiPost(request, portal, "/changelog", { title: "Bulk export", body: "Export **everything** at once.\n\n<script>alert(1)</script>" });
  expect(note).toMatchObject({ title: "Bulk export", status: "published" });

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/p/${portal.slug}/changelog`);
  const entry = visitor.getByTestId("release-note").filter({ hasText: "Bulk export" });
  await expect(entry).toBeVisible();
  await expect(entry.locator("strong")).toHaveText("everything");
  await expect(entry).toContainText("<script>alert(1)</script>");
  const feed = await request.get(`/api/public/${portal.slug}/changelog/feed.xml`);
  expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const text = await feed.text();
  expect(XMLValidator.validate(text)).toBe(true);
  const entries = [xml.parse(text).feed.entry].flat();
  expect(entries.map((e: { title: { "#text": string } }) => e.title["#text"])).toContain("Bulk export");
});

test("published release notes show in the changelog, their page and the feed; drafts do not", async ({ page, browser, request }) => {
  const portal = await publishedPortal(page, "Umbrella");
  await sql(
    `INSERT INTO "ReleaseNote" (id, "workspaceId", title, body, status, "publishedAt", "updatedAt") VALUES
       ('rn_pub_' || md5(random()::text), $1, 'Dark mode', E'Dark mode is **here**.\n\n[docs](https://example.org) [bad](javascript:alert(1))', 'published', now(), now()),
       ('rn_draft_' || md5(random()::text), $1, 'Secret feature', 'Not yet', 'draft', NULL, now())`,
    [portal.workspaceId],
  );
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/p/${portal.slug}/changelog`);
  await expect(visitor).toHaveTitle(`Changelog · ${portal.name}`);
  const entry = visitor.getByTestId("release-note").filter({ hasText: "Dark mode" });
  await expect(entry.locator("strong")).toHaveText("here");
  await expect(entry.getByRole("link", { name: "docs" })).toHaveAttribute("rel", "nofollow ugc noopener noreferrer");
  await expect(entry.getByRole("link", { name: "bad" })).toHaveCount(0);
  await expect(visitor.getByText("Secret feature")).toHaveCount(0);
  await entry.getByRole("link", { name: "Dark mode" }).click();
  await expect(visitor).toHaveTitle(`Dark mode · ${portal.name}`);
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", `Dark mode · ${portal.name}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Dark mode");

  const text = await (await request.get(`/api/public/${portal.slug}/changelog/feed.xml`)).text();
  expect(XMLValidator.validate(text)).toBe(true);
  const entries = [xml.parse(text).feed.entry].flat();
  expect(entries.map((e: { title: { "#text": string } }) => e.title["#text"])).toEqual(["Dark mode"]);
});

test("a signed-out visitor signs in from a post, comes back, votes once and comments", async ({ page, request, browser }) => {
  const portal = await publishedPortal(page, "Hooli");
  const boardId = await addBoard(portal, "Feature requests", "features");
  const post = await apiPost(request, portal, "/posts", { boardId, title: "Offline mode", body: "Work on planes." });
  expect(post).not.toBeNull();
  const postPath = `/p/${portal.slug}/posts/${post!.id}`;

  // An account that signs in from the portal below (signing up is auth-and-workspaces.spec.ts's).
  const { email: visitorEmail } = await seedAccount("visitor", "Vera Visitor");

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(postPath);
  await expect(visitor).toHaveTitle(`Offline mode · ${portal.name}`);
  const votes = visitor.getByTestId("vote-count");
  await expect(votes).toHaveText("0");
  await votes.click();
  await expect(visitor).toHaveURL(`/sign-in?callbackUrl=${encodeURIComponent(postPath)}`);
  await visitor.getByLabel("Email").fill(visitorEmail);
  await visitor.getByLabel("Password").fill(PASSWORD);
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await expect(visitor).toHaveURL(postPath);
  await expect(visitor.getByTestId("portal-user")).toContainText("Vera Visitor");

  await expect(votes).toHaveText("0");
  await votes.click();
  await expect(votes).toHaveText("1");
  await expect(votes).toHaveAttribute("aria-pressed", "true");
  await expect(votes).toBeEnabled(); // the vote is saved, not only shown
  await visitor.reload();
  await expect(visitor.getByTestId("vote-count")).toHaveText("1");
  await expect(visitor.getByTestId("vote-count")).toHaveAttribute("aria-pressed", "true");
  const [row] = await sql<{ voteCount: number }>(`SELECT "voteCount" FROM "Post" WHERE id = $1`, [post!.id]);
  expect(row?.voteCount).toBe(1);

  await visitor.getByLabel("Add a comment").fill("Would love this <b>on trains</b> too.");
  await visitor.getByRole("button", { name: "Post comment" }).click();
  await expect(visitor.getByTestId("comment").filter({ hasText: "Would love this <b>on trains</b> too." })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "1 comment" })).toBeVisible();

  // Toggling off and on again ends where it started: one vote.
  await visitor.getByTestId("vote-count").click();
  await expect(visitor.getByTestId("vote-count")).toHaveText("0");
  await expect(visitor.getByTestId("vote-count")).toBeEnabled();
  await visitor.getByTestId("vote-count").click();
  await expect(visitor.getByTestId("vote-count")).toHaveText("1");
  await expect(visitor.getByTestId("vote-count")).toBeEnabled();
  const json = await (await request.get(`/api/public/${portal.slug}/posts/${post!.id}`)).json();
  expect(json.data).toMatchObject({ voteCount: 1, commentCount: 1, comments: [{ author: { name: "Vera Visitor" } }] });
  expect(JSON.stringify(json)).not.toContain("@example.test");
});

test("the status badge renders, parses, and escapes its label", async ({ page, request }) => {
  const portal = await publishedPortal(page, "Badge Co");
  await addComponent(portal, "API");
  const base = `/api/public/${portal.slug}/status/badge.svg`;
  const escaped = await request.get(`${base}?label=${encodeURIComponent("<script>alert(1)</script>")}`);
  expect(escaped.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  const svg = await escaped.text();
  expect(XMLValidator.validate(svg)).toBe(true);
  expect(svg).not.toContain("<script");
  expect(svg).toContain("&lt;script&gt;");
  expect(xml.parse(svg).svg.title).toBe("<script>alert(1)</script>: operational");

  await page.goto(base);
  await page.screenshot({ path: `${ARTIFACTS}/status-badge.png`, clip: { x: 0, y: 0, width: 240, height: 40 } });
  // Every indicator and both styles side by side, as a README or a status widget would embed them.
  // Each row uses its own label, so each is a fresh answer rather than the cached one.
  const rows: string[] = [];
  const states = [["operational", "status"], ["degraded_performance", "api"], ["partial_outage", "website"], ["major_outage", "payments"], ["under_maintenance", "search"]];
  for (const [status, label] of states) {
    await sql(`UPDATE "StatusComponent" SET status = $2::"ComponentStatus" WHERE "workspaceId" = $1`, [portal.workspaceId, status]);
    // Fetched now (the answer is then cached for this label), shown below as <img> like an embedder would.
    for (const url of [`${base}?label=${label}`, `${base}?style=compact&label=${label}`]) expect((await request.get(url)).status()).toBe(200);
    rows.push(
      `<div style="display:flex;gap:12px;align-items:center;margin:8px"><img src="${base}?label=${label}"><img src="${base}?style=compact&amp;label=${label}"></div>`,
    );
  }
  // An HTML page of the app's own origin (Chromium blocks about:blank from loading localhost images).
  await page.goto(`/p/${portal.slug}`);
  await page.setContent(`<body style="margin:16px;font-family:sans-serif">${rows.join("")}</body>`, { waitUntil: "load" });
  await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0))).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/status-badges.png`, clip: { x: 0, y: 0, width: 480, height: 200 } });
});

test("portal pages may be kept by a shared cache signed out, never signed in; public JSON too", async ({ page, request }) => {
  const portal = await publishedPortal(page); // `page` is now signed in as the owner
  const signedOut = async (path: string) => (await request.get(path)).headers()["cache-control"];
  expect(await signedOut(`/p/${portal.slug}/status`)).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=5");
  expect(await signedOut(`/p/${portal.slug}`)).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
  expect(await signedOut(`/api/public/${portal.slug}/status`)).toBe("public, max-age=10, s-maxage=10, stale-while-revalidate=30");
  // Signed in, the page is the one everyone gets (nobody's name in it), still never kept by a
  // shared cache; the visitor's own part comes from /viewer, private too.
  for (const path of [`/p/${portal.slug}/status`, `/p/${portal.slug}`]) {
    const response = await page.request.get(path);
    expect(await response.text()).not.toContain('data-testid="portal-user"');
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  }
  const viewer = await page.request.get(`/p/${portal.slug}/viewer`);
  expect(viewer.headers()["cache-control"]).toBe("private, no-store");
  expect((await viewer.json()).visitor).toMatchObject({ member: true, sso: false });
  await page.goto(`/p/${portal.slug}`);
  await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
});
