import fs from "node:fs";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS } from "./dashboard-helpers";
import { mailsTo } from "./mail";
import { publishedPortal } from "./public-fixtures";
import { CANNY_KEY, cannyWorkspace, startFakeCanny } from "../tests/support/fake-canny";
import type { FakeServer } from "../tests/support/fake-source-server";
import { STATUSPAGE_KEY, STATUSPAGE_PAGE, startFakeStatuspage, statuspageData } from "../tests/support/fake-statuspage";

// Settings → Import & export against the production build: Canny and Statuspage answered by
// local stand-ins on the ports the app was started with (e2e/run-environment.mjs), the import
// run by the server's own job worker. One worker runs these in order: the stand-ins hold the ports.
test.describe.configure({ mode: "serial" });

let canny: FakeServer;
let statuspage: FakeServer;

test.beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  canny = await startFakeCanny(cannyWorkspace(3), Number(process.env.E2E_CANNY_PORT));
  // The status page shows the last 30 days: the stand-in's history is moved to last week.
  const data = statuspageData(2);
  const day = 24 * 3600_000;
  (data.incidents as { scheduled_for: string | null; created_at: string; resolved_at?: string; incident_updates: { created_at: string }[] }[]).forEach((incident, n) => {
    if (incident.scheduled_for) return;
    const start = Date.now() - (n + 3) * day;
    incident.created_at = new Date(start).toISOString();
    incident.resolved_at = new Date(start + 2 * 3600_000).toISOString();
    incident.incident_updates.forEach((update, u) => {
      update.created_at = new Date(start + [2, 0, 1][u]! * 3600_000).toISOString();
    });
  });
  statuspage = await startFakeStatuspage(data, Number(process.env.E2E_STATUSPAGE_PORT));
});
test.afterAll(async () => {
  await canny?.close();
  await statuspage?.close();
});

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function startImport(page: Page, slug: string, source: string, fill: () => Promise<void>) {
  await page.goto(`/w/${slug}/settings/migration`);
  await expect(page.getByRole("heading", { name: "Import & export" })).toBeVisible();
  await page.getByLabel("Import from").selectOption(source);
  await fill();
  await page.getByRole("button", { name: "Preview import" }).click();
  const card = page.getByTestId("import-card").first();
  await expect(card.getByText("Ready to run")).toBeVisible();
  return card;
}

test("an admin imports a Canny workspace: preview, run with progress, the posts in the inbox and portal with their votes, then undoes it", async ({ page }) => {
  const portal = await publishedPortal(page);
  const card = await startImport(page, portal.slug, "canny", () => page.getByLabel("API key").fill(CANNY_KEY));
  await expect(card.getByText("Will be created")).toBeVisible();
  await expect(card.locator("dl").first()).toContainText("Boards1Posts3Votes6Comments2Release notes1");
  await expect(card.getByText(/3 people: 0 match accounts/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "import preview");
  await shoot(page, "import-canny-preview");

  canny.slow(800);
  await card.getByRole("button", { name: "Run import" }).click();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await shoot(page, "import-canny-running");
  canny.slow(0);
  await expect(card.getByText("Completed")).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole("button", { name: "Undo import" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "import completed");
  await shoot(page, "import-canny-completed");

  await page.goto(`/w/${portal.slug}/posts`);
  await expect(page.getByRole("link", { name: "Slack integration" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Canny idea 3" })).toBeVisible();

  await page.goto(`/p/${portal.slug}`);
  // Canny idea 3 had three voters, Slack integration one.
  await expect(page.getByTestId("post-row").filter({ hasText: "Canny idea 3" }).getByRole("button", { name: /\(3 votes\)/ })).toBeVisible();
  await expect(page.getByTestId("post-row").filter({ hasText: "Slack integration" }).getByRole("button", { name: /\(1 vote\)/ })).toBeVisible();

  await page.goto(`/w/${portal.slug}/settings/migration`);
  await page.getByTestId("import-card").first().getByRole("button", { name: "Undo import" }).click();
  await page.getByTestId("undo-import-dialog").getByRole("button", { name: "Undo import" }).click();
  // The undo runs as a job: the card shows it under way, then done, refreshing itself.
  await expect(page.getByTestId("import-card").first().getByText("Undone", { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.goto(`/w/${portal.slug}/posts`);
  await expect(page.getByRole("link", { name: "Slack integration" })).toHaveCount(0);
});

test("an admin imports a Statuspage page: incidents with their history on the status page, subscribers not mailed", async ({ page }) => {
  const portal = await publishedPortal(page);
  const card = await startImport(page, portal.slug, "statuspage", async () => {
    await page.getByLabel("API key").fill(STATUSPAGE_KEY);
    await page.getByLabel("Page id").fill(STATUSPAGE_PAGE);
    await page.getByLabel(/Also import email subscribers/).check();
  });
  await shoot(page, "import-statuspage-preview");
  await card.getByRole("button", { name: "Run import" }).click();
  await expect(card.getByText("Completed")).toBeVisible({ timeout: 60_000 });

  await page.goto(`/p/${portal.slug}/status`);
  await expect(page.getByText("Public API").first()).toBeVisible();
  const history = page.locator("section[aria-labelledby=history]");
  await expect(history.getByText("Elevated API error rates")).toBeVisible();
  await expect(history.getByText("A bad deploy; rolling back.").first()).toBeVisible();
  await expect(history.getByText("The error rate is back to normal.").first()).toBeVisible();
  await shoot(page, "import-statuspage-status-page");
  await expectNoSeriousA11yViolations(page, "status page after import");
  // The import is quiet: the imported subscriber got no mail (give the worker a moment to prove it).
  await page.waitForTimeout(2_000);
  expect(mailsTo("ops-fan@example.com")).toEqual([]);
});

test("an admin exports the workspace and downloads the archive and the posts CSV", async ({ page }) => {
  const portal = await publishedPortal(page);
  await page.goto(`/w/${portal.slug}/settings/migration`);
  const [archive] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-archive").click()]);
  expect(archive.suggestedFilename()).toMatch(new RegExp(`^${portal.slug}-export-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
  const files = unzipSync(new Uint8Array(fs.readFileSync(await archive.path())));
  expect(JSON.parse(strFromU8(files["manifest.json"]!))).toMatchObject({ format: "workspace-export", version: 2, workspace: { slug: portal.slug } });
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["posts.jsonl", "votes.jsonl", "incidents.jsonl", "members.jsonl"]));
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-posts-csv").click()]);
  expect(fs.readFileSync(await csv.path(), "utf8")).toMatch(/^\uFEFFid,title,board,status/);
  await shoot(page, "export");
});
