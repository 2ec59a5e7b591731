import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS } from "./dashboard-helpers";
import { mailsTo } from "./mail";
import { addComponent, e2eDatabaseUrl, publishedPortal, sql } from "./public-fixtures";

// An admin adds an HTTP monitor on a target this test controls; the target fails and the component
// goes down on the portal with a draft incident in the dashboard; publishing it mails a subscriber;
// the target recovers, the incident resolves and the uptime bar keeps the outage; the monitor's
// response-time chart renders. Against the production build.
//
// Time: the monitor runs at the shortest interval production offers (30 s). Rather than wait
// for it, the test makes the monitor's next check due now, through the database, which is exactly
// what the passing of time does to the row; the app's own worker then claims and runs it as usual.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed rows");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

async function startTarget() {
  let healthy = true;
  const server = http.createServer((_request, response) => {
    response.statusCode = healthy ? 200 : 503;
    response.end(healthy ? "ok" : "down");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/health`,
    set healthy(value: boolean) {
      healthy = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Makes the workspace's monitors due now and waits for the worker to have checked them `times` times more. */
async function checkNow(workspaceId: string, times = 1) {
  for (let n = 0; n < times; n++) {
    const [before] = await sql<{ count: number }>(`SELECT count(*)::int AS count FROM "MonitorCheck" c JOIN "Monitor" m ON m.id = c."monitorId" WHERE m."workspaceId" = $1`, [workspaceId]);
    await sql(`UPDATE "Monitor" SET "nextCheckAt" = now() WHERE "workspaceId" = $1 AND "leaseUntil" IS NULL`, [workspaceId]);
    await expect
      .poll(async () => (await sql<{ count: number }>(`SELECT count(*)::int AS count FROM "MonitorCheck" c JOIN "Monitor" m ON m.id = c."monitorId" WHERE m."workspaceId" = $1`, [workspaceId]))[0]!.count, {
        timeout: 20_000,
        intervals: [200],
      })
      .toBeGreaterThan(before!.count);
  }
}

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `${ARTIFACTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}/${name}-phone.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a monitor takes its component down, a draft is published and mailed, recovery resolves it, the chart renders", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const target = await startTarget();
  try {
    const portal = await publishedPortal(page);
    await addComponent(portal, "API", 0);
    const email = `watcher-${Date.now()}@e2e.example.test`;
    await sql(`INSERT INTO "Subscriber" (id, "workspaceId", topic, email, "confirmedAt", "manageTokenHash", "updatedAt") VALUES ($1, $2, 'STATUS', $3, now(), $4, now())`, [
      `sub${randomBytes(10).toString("hex")}`,
      portal.workspaceId,
      email,
      `e2e-${randomBytes(16).toString("hex")}`,
    ]);

    // The admin adds the monitor from the status page's link.
    await page.goto(`/w/${portal.slug}/status`);
    await page.getByTestId("status-monitors-link").click();
    await expect(page.getByRole("heading", { name: "Monitors", level: 1 })).toBeVisible();
    const form = page.getByTestId("monitor-form");
    await form.getByLabel("Name").fill("API health");
    await form.getByLabel("URL").fill("not a url");
    await form.getByRole("button", { name: "Add monitor" }).click();
    await expect(form.getByText("Enter a full URL starting with https:// or http://.")).toBeVisible();
    await form.getByLabel("URL").fill(target.url);
    await form.getByLabel("Every").selectOption("30");
    await form.getByRole("button", { name: "Add monitor" }).click();
    await expect(page.getByTestId("monitor-list")).toContainText("API health");
    await expectNoSeriousA11yViolations(page, "monitors page");

    await checkNow(portal.workspaceId);
    await page.reload();
    await expect(page.getByTestId("monitor-list")).toContainText("Up");

    // The target fails: after two failed checks the component is down and a draft waits.
    target.healthy = false;
    await checkNow(portal.workspaceId, 2);
    await page.reload();
    await expect(page.getByTestId("draft-incidents")).toContainText("API health is failing");
    await expect(page.getByTestId("draft-incidents")).toContainText("Answered 503.");
    await expectNoSeriousA11yViolations(page, "monitors page with a draft");
    await shots(page, "monitors-draft");

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/p/${portal.slug}/status`);
    const apiRow = visitor.getByTestId("status-component").filter({ hasText: "API" });
    // The outage's bar is found by the day it began, not as the last one: midnight UTC may fall
    // between the failed checks and a later look.
    const [outage] = await sql<{ day: string }>(`SELECT to_char("startedAt" at time zone 'utc', 'YYYY-MM-DD') AS day FROM "MonitorOutage" WHERE "workspaceId" = $1`, [portal.workspaceId]);
    const outageBar = apiRow.getByTestId("uptime-bars").locator(`button[data-day="${outage!.day}"]`);
    await expect(outageBar).toHaveAttribute("data-state", "major_outage");
    expect(mailsTo(email)).toHaveLength(0);

    // One click publishes it: the subscriber is mailed.
    await page.getByTestId("publish-draft").click();
    await expect(page).toHaveURL(/\/status\/incidents\/[^/]+$/);
    const incidentUrl = page.url();
    await expect.poll(() => mailsTo(email).length, { timeout: 60_000, intervals: [500] }).toBe(1);
    expect(mailsTo(email)[0]!.subject).toContain("API is not responding");

    // The target recovers: the incident resolves with the times and the reason, the bar keeps the outage.
    target.healthy = true;
    await checkNow(portal.workspaceId);
    await page.goto(incidentUrl);
    await expect(page.getByTestId("incident-status")).toHaveText("Resolved");
    await expect(page.getByText(/Checks from the monitor “API health” failed from \d\d:\d\d to \d\d:\d\d UTC: Answered 503\. They pass again/)).toBeVisible();
    await expect.poll(() => mailsTo(email).length, { timeout: 60_000, intervals: [500] }).toBe(2);
    await visitor.goto(`/p/${portal.slug}/status`);
    await expect(outageBar).toHaveAttribute("data-state", "major_outage");
    // From the checks: the failed ones count against it (the worker's own 30 s checks run too, so
    // the exact share depends on how long the run took).
    await expect(apiRow.getByTestId("uptime-percent")).toHaveText(/^(?:[1-9]\d|\d)\.\d\d% uptime/);

    // The monitor's page: its chart and its failures with the reason.
    await page.goto(`/w/${portal.slug}/status/monitors`);
    await page.getByRole("link", { name: "API health" }).click();
    await expect(page.getByTestId("response-time-chart").locator("canvas")).toBeVisible();
    await expect(page.getByTestId("recent-failures")).toContainText("Answered 503.");
    await expectNoSeriousA11yViolations(page, "monitor page");
    await shots(page, "monitor-chart");
  } finally {
    await target.close();
  }
});
