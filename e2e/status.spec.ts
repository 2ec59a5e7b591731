import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, newPerson, seedMembership } from "./dashboard-helpers";
import { addComponent, e2eDatabaseUrl, publishedPortal, sql, type Portal } from "./public-fixtures";

// The status section end to end on the production build: components, incidents, maintenance and
// the portal's uptime bars, with what the portal page and the badge say after each step.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed rows");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

const statusPath = (portal: Portal) => `/w/${portal.slug}/status`;

async function componentNames(page: Page) {
  return page.getByTestId("component-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-name")));
}

async function badgeText(page: Page, portal: Portal) {
  const response = await page.request.get(`/api/public/${portal.slug}/status/badge.svg`);
  expect(response.status()).toBe(200);
  return response.text();
}

async function portalComponentStatuses(page: Page, portal: Portal) {
  await page.goto(`/p/${portal.slug}/status`);
  return page.getByTestId("status-component").evaluateAll((rows) =>
    rows.map((row) => `${row.querySelector("p")?.textContent}: ${row.querySelector("span.inline-flex")?.textContent}`),
  );
}

/** A datetime-local value `ms` from now in the browser's time zone, to the second. */
async function localInputIn(page: Page, ms: number) {
  return page.evaluate((offset) => {
    const date = new Date(Date.now() + offset);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, ms);
}

test("components: added, reordered by keyboard and by mouse, shown in that order on the portal; the plan limit is said before submitting", async ({ page }) => {
  test.setTimeout(120_000);
  const portal = await publishedPortal(page);
  await page.goto(statusPath(portal));
  await expect(page.getByText("No components yet")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "status page, empty");

  for (const [name, description] of [["API", "REST and webhooks"], ["Website", ""], ["Dashboard", "The web app"]]) {
    await page.getByRole("button", { name: "Add component" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a component" });
    await dialog.getByLabel("Name").fill(name!);
    await dialog.getByLabel("Description").fill(description!);
    await dialog.getByRole("button", { name: "Add component" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("component-row").filter({ hasText: name! })).toBeVisible();
  }
  await expect(page.getByTestId("component-usage")).toContainText("3 of 10");
  expect(await componentNames(page)).toEqual(["API", "Website", "Dashboard"]);

  // An empty name is said in the form.
  await page.getByRole("button", { name: "Add component" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add a component" });
  await dialog.getByRole("button", { name: "Add component" }).click();
  await expect(dialog.getByText("Name must not be empty.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "add component dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Keyboard: Space lifts, arrows move, Space drops.
  const handle = page.getByRole("button", { name: "Move Dashboard" });
  await expect(handle).toBeEnabled(); // listening once React has hydrated the page
  await handle.focus();
  // Each key waits for the list to settle, as a person's would: dnd-kit measures rows between moves.
  for (const key of ["Space", "ArrowUp", "ArrowUp", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(() => componentNames(page)).toEqual(["Dashboard", "API", "Website"]);
  await expect(page.getByTestId("order-saving")).toBeEmpty();

  // Mouse: drag Website above API.
  await expect(page.getByRole("button", { name: "Move Website" })).toBeEnabled();
  const from = await page.getByRole("button", { name: "Move Website" }).boundingBox();
  const to = await page.getByRole("button", { name: "Move API" }).boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2, from!.y - 10, { steps: 5 });
  await page.mouse.move(to!.x + to!.width / 2, to!.y + 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => componentNames(page)).toEqual(["Dashboard", "Website", "API"]);
  await expect(page.getByTestId("order-saving")).toBeEmpty();

  // Persisted: after a reload, and on the portal.
  await page.reload();
  expect(await componentNames(page)).toEqual(["Dashboard", "Website", "API"]);
  expect(await portalComponentStatuses(page, portal)).toEqual(["Dashboard: Operational", "Website: Operational", "API: Operational"]);

  // Rename and describe.
  await page.goto(statusPath(portal));
  await page.getByRole("button", { name: "Edit API" }).click();
  const edit = page.getByRole("dialog", { name: "Edit “API”" });
  await edit.getByLabel("Name").fill("Public API");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("component-row").filter({ hasText: "Public API" })).toBeVisible();

  // At the Free plan's 10, the page says so and the button is off before anyone fills the form.
  for (let i = 0; i < 7; i++) await addComponent(portal, `Region ${i + 1}`, 10 + i);
  await page.reload();
  await expect(page.getByTestId("component-usage")).toContainText("10 of 10");
  await expect(page.getByTestId("component-limit-note")).toContainText("The Free plan allows 10 status components.");
  await expect(page.getByRole("button", { name: "Add component" })).toBeDisabled();
});

test("an incident on two components: opened, updated, resolved — the portal page and the badge follow each step", async ({ page }) => {
  test.setTimeout(150_000);
  const portal = await publishedPortal(page);
  await addComponent(portal, "API", 0);
  await addComponent(portal, "Website", 1);
  await addComponent(portal, "Email", 2);
  expect(await badgeText(page, portal)).toContain("operational");

  await page.goto(statusPath(portal));
  await page.getByRole("button", { name: "Open incident" }).click();
  const dialog = page.getByRole("dialog", { name: "Open an incident" });
  await dialog.getByLabel("Title").fill("Elevated API errors");
  await dialog.getByLabel("Impact").selectOption("major");
  await dialog.getByRole("checkbox", { name: "API" }).check();
  await dialog.getByRole("checkbox", { name: "Website" }).check();
  await expect(dialog.getByLabel("Status of API")).toHaveValue("partial_outage");
  await dialog.getByLabel("Status of Website").selectOption("degraded_performance");
  await expectNoSeriousA11yViolations(page, "open incident dialog");
  await dialog.getByRole("button", { name: "Open incident" }).click();
  await expect(dialog.getByText("Write a first message: what is happening, and what you are doing about it.")).toBeVisible();
  await dialog.getByLabel("Message").fill("Some API requests fail with 502. We are investigating.");
  await dialog.getByRole("button", { name: "Open incident" }).click();
  await expect(page).toHaveURL(/\/status\/incidents\/[^/]+$/);
  const incidentUrl = page.url();
  await expect(page.getByTestId("incident-title")).toHaveText("Elevated API errors");
  await expectNoSeriousA11yViolations(page, "incident page");

  // Step 1 on the portal: the incident, the components, the indicator and the badge.
  expect(await portalComponentStatuses(page, portal)).toEqual(["API: Partial outage", "Website: Degraded performance", "Email: Operational"]);
  await expect(page.getByTestId("status-banner")).toHaveAttribute("data-indicator", "partial_outage");
  await expect(page.getByTestId("incident").filter({ hasText: "Elevated API errors" })).toContainText("Some API requests fail with 502.");
  expect(await badgeText(page, portal)).toContain("partial outage");

  // Deleting a component the open incident affects is refused, with the reason, in the dialog.
  await page.goto(statusPath(portal));
  await page.getByRole("button", { name: "Delete API" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete “API”?" });
  await confirm.getByRole("button", { name: "Delete component" }).click();
  await expect(confirm.getByRole("alert")).toContainText("“API” is affected by the active incident “Elevated API errors”. Resolve the incident first");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("component-row")).toHaveCount(3);

  // A second tab keeps the incident page open from before the resolution.
  const stale = await page.context().newPage();
  await stale.goto(incidentUrl);

  // Step 2: an update with a new status and a worse component.
  await page.goto(incidentUrl);
  await page.getByLabel("Status", { exact: true }).selectOption("identified");
  await page.getByLabel("Status of API").selectOption("major_outage");
  await page.getByLabel("Message").fill("A faulty load balancer was taken out of rotation.");
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(page.getByTestId("incident-update")).toHaveCount(2);
  await expect(page.getByTestId("incident-status")).toHaveText("Identified");
  await page.screenshot({ path: `${ARTIFACTS}/status-incident-desktop.png`, fullPage: true });
  expect(await portalComponentStatuses(page, portal)).toEqual(["API: Major outage", "Website: Degraded performance", "Email: Operational"]);
  await expect(page.getByTestId("status-banner")).toHaveAttribute("data-indicator", "major_outage");
  await expect(page.getByTestId("incident").first()).toContainText("A faulty load balancer was taken out of rotation.");
  expect(await badgeText(page, portal)).toContain("major outage");

  // Step 3: resolved; the components go back to what they were before.
  await page.goto(incidentUrl);
  await page.getByRole("button", { name: "Resolve…" }).click();
  await page.getByLabel("Message").fill("Error rates are back to normal.");
  await page.getByRole("button", { name: "Resolve incident" }).click();
  await expect(page.getByTestId("incident-status")).toHaveText("Resolved");
  await expect(page.getByText("This incident is resolved; it takes no further updates.")).toBeVisible();
  expect(await portalComponentStatuses(page, portal)).toEqual(["API: Operational", "Website: Operational", "Email: Operational"]);
  await expect(page.getByTestId("status-banner")).toHaveAttribute("data-indicator", "operational");
  await expect(page.getByRole("region", { name: /Resolved in the last/ }).getByTestId("incident")).toContainText("Error rates are back to normal.");
  expect(await badgeText(page, portal)).toContain("operational");

  // The stale tab's update is refused with the reason, and nothing is added.
  await stale.getByLabel("Message").fill("One more thing");
  await stale.getByRole("button", { name: "Post update" }).click();
  await expect(stale.getByRole("alert").filter({ hasText: "The incident is resolved; it takes no further updates." })).toBeVisible();
  await page.goto(incidentUrl);
  await expect(page.getByTestId("incident-update")).toHaveCount(3);
  await stale.close();

  // The dashboard lists it under recently resolved.
  await page.goto(statusPath(portal));
  await expect(page.getByTestId("resolved-incidents")).toContainText("Elevated API errors");
  await expect(page.getByTestId("dashboard-indicator")).toHaveAttribute("data-indicator", "operational");
});

test("a maintenance window shows as upcoming, then in progress, on the portal page and the badge; bad windows are refused in the form", async ({ page }) => {
  test.setTimeout(150_000);
  const portal = await publishedPortal(page);
  await addComponent(portal, "API", 0);
  await addComponent(portal, "Website", 1);
  await page.goto(statusPath(portal));

  await page.getByRole("button", { name: "Schedule maintenance" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule maintenance" });
  await dialog.getByLabel("Title").fill("Database upgrade");
  await dialog.getByRole("checkbox", { name: "API" }).check();
  await dialog.getByLabel("Message").fill("The API is read-only for a few minutes.");
  await expectNoSeriousA11yViolations(page, "maintenance dialog");
  await page.screenshot({ path: `${ARTIFACTS}/status-maintenance-dialog-desktop.png` });

  // Ends before it starts: said in the form.
  await dialog.getByLabel("Starts").fill(await localInputIn(page, 3_600_000));
  await dialog.getByLabel("Ends").fill(await localInputIn(page, 1_800_000));
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog.getByText("The window must end after it starts.")).toBeVisible();
  // Entirely in the past: the server refuses it on the field.
  await dialog.getByLabel("Starts").fill(await localInputIn(page, -7_200_000));
  await dialog.getByLabel("Ends").fill(await localInputIn(page, -3_600_000));
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog.getByText("This window would already be over.")).toBeVisible();

  // A few seconds ahead, for an hour.
  const leadMs = 12_000;
  const startsAt = Date.now() + leadMs;
  await dialog.getByLabel("Starts").fill(await localInputIn(page, leadMs));
  await dialog.getByLabel("Ends").fill(await localInputIn(page, leadMs + 3_600_000));
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("dashboard-maintenance")).toHaveAttribute("data-state", "upcoming");

  await page.goto(`/p/${portal.slug}/status`);
  const upcoming = page.getByRole("region", { name: "Scheduled maintenance" }).getByTestId("maintenance");
  await expect(upcoming).toHaveAttribute("data-state", "upcoming");
  await expect(upcoming).toContainText("Database upgrade");
  await expect(upcoming).toContainText("Affects API");
  await expect(page.getByTestId("status-banner")).toHaveAttribute("data-indicator", "operational");
  expect(await badgeText(page, portal)).toContain("operational");
  const publicJson = await (await page.request.get(`/api/public/${portal.slug}/status`)).json();
  expect(publicJson.data.maintenances).toEqual([expect.objectContaining({ title: "Database upgrade", state: "upcoming" })]);

  // Once its start has passed: in progress, API under maintenance, nothing written by any worker.
  await page.waitForTimeout(Math.max(0, startsAt - Date.now() + 500));
  await page.reload();
  const running = page.getByRole("region", { name: "Maintenance in progress" }).getByTestId("maintenance");
  await expect(running).toHaveAttribute("data-state", "in_progress");
  expect(await portalComponentStatuses(page, portal)).toEqual(["API: Under maintenance", "Website: Operational"]);
  await expect(page.getByTestId("status-banner")).toHaveAttribute("data-indicator", "maintenance");
  await expect(page.getByRole("region", { name: "Scheduled maintenance" })).toHaveCount(0);
  expect(await badgeText(page, portal)).toContain("maintenance");
  const [stored] = await sql<{ status: string }>(`SELECT status FROM "StatusComponent" WHERE "workspaceId" = $1 AND name = 'API'`, [portal.workspaceId]);
  expect(stored!.status).toBe("operational");

  // Ended early from the dashboard: back to operational at once.
  await page.goto(statusPath(portal));
  await expect(page.getByTestId("component-row").filter({ hasText: "API" })).toContainText("Scheduled maintenance “Database upgrade”");
  await page.getByRole("button", { name: "End now" }).click();
  await page.getByRole("dialog", { name: "End “Database upgrade” now?" }).getByRole("button", { name: "End maintenance" }).click();
  await expect(page.getByTestId("dashboard-maintenance")).toHaveCount(0);
  expect(await portalComponentStatuses(page, portal)).toEqual(["API: Operational", "Website: Operational"]);
  expect(await badgeText(page, portal)).toContain("operational");
});

test("the portal's 90-day bars: coloured by each day's worst state, details by hover, keyboard and touch; screenshots at desktop and phone width", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const portal = await publishedPortal(page);
  const api = await addComponent(portal, "API", 0);
  const website = await addComponent(portal, "Website", 1);
  await addComponent(portal, "Webhooks", 2);
  // History: the components have existed for 120 days; API had a major outage 3 days ago and a
  // partial one yesterday; the newest component was added 10 days ago.
  await sql(`UPDATE "StatusComponent" SET "createdAt" = now() - interval '120 days' WHERE "workspaceId" = $1`, [portal.workspaceId]);
  await sql(`UPDATE "StatusComponent" SET "createdAt" = now() - interval '10 days', description = 'Delivery of event notifications' WHERE "workspaceId" = $1 AND name = 'Webhooks'`, [portal.workspaceId]);
  await sql(
    `INSERT INTO "ComponentStatusChange" (id, "workspaceId", "componentId", "fromStatus", "toStatus", at) VALUES
      ('csc1' || md5(random()::text), $1, $2, 'operational', 'major_outage', date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '3 days' + interval '10 hours'),
      ('csc2' || md5(random()::text), $1, $2, 'major_outage', 'operational', date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '3 days' + interval '11 hours 30 minutes'),
      ('csc3' || md5(random()::text), $1, $2, 'operational', 'partial_outage', date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '1 day' + interval '8 hours'),
      ('csc4' || md5(random()::text), $1, $2, 'partial_outage', 'operational', date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '1 day' + interval '9 hours')`,
    [portal.workspaceId, api],
  );
  await sql(
    `WITH i AS (INSERT INTO "Incident" (id, "workspaceId", title, status, impact, "createdAt", "resolvedAt", "updatedAt")
       VALUES ('inc' || md5(random()::text), $1, 'Database failover', 'resolved', 'critical',
               date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '3 days' + interval '10 hours',
               date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '3 days' + interval '11 hours 30 minutes', now()) RETURNING id)
     INSERT INTO "IncidentComponent" ("workspaceId", "incidentId", "componentId") SELECT $1, i.id, $2 FROM i`,
    [portal.workspaceId, api],
  );
  void website;
  // The days as the history was written, and the page's today as it was read: bars are found by
  // their date, so midnight UTC falling during the test moves none of them.
  const [outageDay, partialDay] = (
    await sql<{ day: string }>(`SELECT to_char(at at time zone 'utc', 'YYYY-MM-DD') AS day FROM "ComponentStatusChange" WHERE "componentId" = $1 AND "toStatus" <> 'operational' ORDER BY at`, [api])
  ).map((row) => row.day);
  const [webhooksAdded] = await sql<{ day: string }>(`SELECT to_char("createdAt" at time zone 'utc', 'YYYY-MM-DD') AS day FROM "StatusComponent" WHERE "workspaceId" = $1 AND name = 'Webhooks'`, [portal.workspaceId]);
  const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

  await page.goto(`/p/${portal.slug}/status`);
  const rows = page.getByTestId("status-component");
  await expect(rows).toHaveCount(3);
  const apiBars = rows.filter({ hasText: "API" }).getByTestId("uptime-bars").locator("button");
  const apiBar = (day: string) => apiBars.and(page.locator(`[data-day="${day}"]`));
  await expect(apiBars).toHaveCount(90);
  const today = (await apiBars.nth(89).getAttribute("data-day"))!;
  const outageIndex = 89 - daysBetween(outageDay!, today);
  await expect(rows.filter({ hasText: "Webhooks" }).getByTestId("uptime-bars").locator("button")).toHaveCount(daysBetween(webhooksAdded!.day, today) + 1);
  await expect(apiBar(outageDay!)).toHaveAttribute("data-state", "major_outage");
  await expect(apiBar(partialDay!)).toHaveAttribute("data-state", "partial_outage");
  await expect(apiBars.nth(89)).toHaveAttribute("data-state", "operational");
  await expect(rows.filter({ hasText: "API" }).getByTestId("uptime-percent")).toHaveText(/^99\.\d\d% uptime/);
  await expect(rows.filter({ hasText: "Website" }).getByTestId("uptime-percent")).toHaveText(/^100\.00% uptime/);

  // Hover: the day's details, the incident listed.
  await apiBar(outageDay!).hover();
  const tooltip = page.getByTestId("uptime-tooltip");
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText("Database failover");
  await expect(tooltip).toContainText("Major outage · 1 h 30 min");
  await page.screenshot({ path: `${ARTIFACTS}/portal-status-tooltip-desktop.png` });
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();

  // Keyboard: one tab stop per row (today), arrows move between days, Escape closes.
  await apiBars.nth(89).focus();
  await expect(tooltip).toBeVisible();
  await expect(apiBars.nth(89)).toHaveAttribute("aria-describedby", /.+/);
  for (let i = outageIndex; i < 89; i++) await page.keyboard.press("ArrowLeft");
  await expect(apiBars.nth(outageIndex)).toBeFocused();
  await expect(tooltip).toContainText("Database failover");
  await page.keyboard.press("Escape");
  await expect(tooltip).toBeHidden();
  await expect(apiBars.nth(outageIndex)).toBeFocused();
  await expect(apiBars.nth(outageIndex - 1)).toHaveAttribute("tabindex", "-1");

  await expectNoSeriousA11yViolations(page, "portal status page");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${ARTIFACTS}/portal-status-desktop.png`, fullPage: true });

  // A phone: 30 bars, and a tap opens the details (and a second tap closes them).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const mobile = await phone.newPage();
  await mobile.goto(`/p/${portal.slug}/status`);
  const mobileBars = mobile.getByTestId("status-component").filter({ hasText: "API" }).getByTestId("uptime-bars").locator("button:visible");
  await expect(mobileBars).toHaveCount(30);
  const mobileOutage = mobileBars.and(mobile.locator(`[data-day="${outageDay}"]`));
  await mobileOutage.tap();
  await expect(mobile.getByTestId("uptime-tooltip")).toContainText("Database failover");
  await mobile.screenshot({ path: `${ARTIFACTS}/portal-status-tooltip-phone.png` });
  await mobileOutage.tap();
  await expect(mobile.getByTestId("uptime-tooltip")).toBeHidden();
  await mobile.screenshot({ path: `${ARTIFACTS}/portal-status-phone.png`, fullPage: true });
  await phone.close();

  // The same history is data on the public JSON.
  const json = await (await page.request.get(`/api/public/${portal.slug}/status`)).json();
  const apiJson = json.data.components.find((component: { name: string }) => component.name === "API");
  expect(apiJson.uptime.days).toHaveLength(90);
  expect(apiJson.uptime.days.find((day: { date: string }) => day.date === outageDay)).toMatchObject({ state: "major_outage", majorOutageMinutes: 90, incidents: [expect.objectContaining({ title: "Database failover" })] });

  // The dashboard's pages with content, at both widths.
  await sql(`UPDATE "StatusComponent" SET status = 'degraded_performance' WHERE id = $1`, [website]);
  await page.goto(statusPath(portal));
  await expectNoSeriousA11yViolations(page, "status page with components");
  await page.screenshot({ path: `${ARTIFACTS}/status-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}/status-phone.png`, fullPage: true });
});

test("members and viewers see the status page read-only, with no control that would only fail", async ({ page, browser }) => {
  const portal = await publishedPortal(page);
  await addComponent(portal, "API", 0);
  for (const role of ["MEMBER", "VIEWER"] as const) {
    const person = await newPerson(browser, role.toLowerCase(), `${role} Person`);
    await seedMembership(portal.slug, person.email, role);
    await person.page.goto(statusPath(portal));
    await expect(person.page.getByText(`You are a ${role.toLowerCase()}: you can follow the status page here`)).toBeVisible();
    await expect(person.page.getByTestId("component-row")).toHaveCount(1);
    for (const name of ["Open incident", "Schedule maintenance", "Add component", "Edit API", "Delete API", "Move API"]) {
      await expect(person.page.getByRole("button", { name })).toHaveCount(0);
    }
    await expect(person.page.getByRole("main").getByRole("combobox")).toHaveCount(0);
    await expectNoSeriousA11yViolations(person.page, `status page as ${role}`);
    await person.context.close();
  }
});
