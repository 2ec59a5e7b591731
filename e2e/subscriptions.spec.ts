import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS } from "./dashboard-helpers";
import { linkIn, mailsTo, type ReceivedMail } from "./mail";
import { addComponent, e2eDatabaseUrl, publishedPortal, sql } from "./public-fixtures";

// A visitor subscribes to a status page on the production build, confirms from the mail, hears
// about an incident opening and resolving, and stops hearing after unsubscribing from the mail.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed rows");
test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

/** Waits (through the event, fan-out and mail jobs) for the `count`-th mail to `address`. */
async function nthMail(address: string, count: number): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(address).length, { message: `mail #${count} to ${address}`, timeout: 60_000, intervals: [500] }).toBeGreaterThanOrEqual(count);
  return mailsTo(address)[count - 1]!;
}

/** A confirmed status subscriber of every component, written straight into the database. */
async function seedConfirmedSubscriber(workspaceId: string, email: string) {
  await sql(`INSERT INTO "Subscriber" (id, "workspaceId", topic, email, "confirmedAt", "manageTokenHash", "updatedAt") VALUES ($1, $2, 'STATUS', $3, now(), $4, now())`, [
    `sub${randomBytes(10).toString("hex")}`,
    workspaceId,
    email,
    `e2e-${randomBytes(16).toString("hex")}`,
  ]);
}

/** Mail jobs to `address` still waiting or running on the server's queue. */
async function queuedMailsTo(address: string): Promise<number> {
  const [row] = await sql<{ count: number }>(
    `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'mail.send' AND state IN ('created', 'retry', 'active') AND lower(data->'message'->>'to') = lower($1)`,
    [address],
  );
  return row!.count;
}

async function openIncident(page: Page, slug: string, title: string, message: string) {
  await page.goto(`/w/${slug}/status`);
  await page.getByRole("button", { name: "Open incident" }).click();
  const dialog = page.getByRole("dialog", { name: "Open an incident" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("checkbox", { name: "API" }).check();
  await dialog.getByLabel("Message").fill(message);
  await dialog.getByRole("button", { name: "Open incident" }).click();
  await expect(page).toHaveURL(/\/status\/incidents\/[^/]+$/);
  return page.url();
}

test("subscribe on the status page, confirm from the mail, two mails for an incident, none after unsubscribing", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const portal = await publishedPortal(page);
  await addComponent(portal, "API", 0);
  await addComponent(portal, "Website", 1);
  const email = `visitor-${Date.now()}@e2e.example.test`;

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/p/${portal.slug}/status`);
  await expect(visitor.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", new RegExp(`/api/public/${portal.slug}/status/feed\\.xml$`));
  await expect(visitor.getByTestId("status-feed-link")).toBeVisible();
  const form = visitor.getByTestId("subscribe-status");
  await form.getByLabel("Email address").fill("not-an-address");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Enter a valid email address")).toBeVisible();
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("checkbox", { name: "API" }).check();
  await expectNoSeriousA11yViolations(visitor, "status page with the subscribe form");
  await form.screenshot({ path: `${ARTIFACTS}/subscribe-form-desktop.png` });
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Check your inbox")).toBeVisible();
  await visitor.screenshot({ path: `${ARTIFACTS}/subscribe-status-desktop.png`, fullPage: true });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: `${ARTIFACTS}/subscribe-status-phone.png`, fullPage: true });
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitor.setViewportSize({ width: 1280, height: 800 });

  const confirmation = await nthMail(email, 1);
  expect(confirmation.subject).toContain(portal.name);
  await visitor.goto(linkIn(confirmation, "/subscriptions/confirm"));
  await expectNoSeriousA11yViolations(visitor, "confirm page");
  await visitor.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(visitor.getByRole("heading", { name: "Your subscription" })).toBeVisible();
  await expect(visitor.getByText(`You are subscribed to status updates from ${portal.name}.`)).toBeVisible();
  await expect(visitor.getByRole("checkbox", { name: "API" })).toBeChecked();
  await expectNoSeriousA11yViolations(visitor, "manage page");
  await visitor.screenshot({ path: `${ARTIFACTS}/subscription-manage-desktop.png`, fullPage: true });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: `${ARTIFACTS}/subscription-manage-phone.png`, fullPage: true });
  await visitor.setViewportSize({ width: 1280, height: 800 });

  // The same confirmation link again: it says so, and offers to subscribe again.
  await visitor.goto(linkIn(confirmation, "/subscriptions/confirm"));
  await visitor.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(visitor.getByText("This confirmation link is unknown or was already used.")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Subscribe again" })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, "used confirmation link");

  // The admin opens an incident and resolves it: two mails with its text.
  const incidentUrl = await openIncident(page, portal.slug, "Checkout errors", "Payments fail for some customers.");
  const opened = await nthMail(email, 2);
  expect(opened.subject).toContain("Checkout errors");
  expect(opened.text).toContain("Payments fail for some customers.");
  await page.goto(incidentUrl);
  await page.getByRole("button", { name: "Resolve…" }).click();
  await page.getByLabel("Message").fill("Payments work again.");
  await page.getByRole("button", { name: "Resolve incident" }).click();
  await expect(page.getByTestId("incident-status")).toHaveText("Resolved");
  const resolved = await nthMail(email, 3);
  expect(resolved.subject).toContain("Resolved");
  expect(resolved.text).toContain("Payments work again.");
  await page.goto(incidentUrl);
  await expect(page.getByTestId("notification-log")).toContainText(email);

  // The admin's subscriber list shows the address.
  await page.goto(`/w/${portal.slug}/status/subscribers?q=visitor`);
  await expect(page.getByTestId("subscriber-count")).toHaveText("1 confirmed subscriber");
  await expect(page.getByTestId("subscriber-row")).toContainText(email);
  await expectNoSeriousA11yViolations(page, "status subscribers");
  await page.screenshot({ path: `${ARTIFACTS}/subscribers-dashboard-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}/subscribers-dashboard-phone.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  const csv = await page.request.get(`/w/${portal.slug}/status/subscribers/export`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(email);

  // The search form and the Remove button, on a second confirmed address seeded straight in.
  const other = `other-${Date.now()}@e2e.example.test`;
  await seedConfirmedSubscriber(portal.workspaceId, other);
  await page.goto(`/w/${portal.slug}/status/subscribers`);
  await expect(page.getByTestId("subscriber-count")).toHaveText("2 confirmed subscribers");
  await page.getByRole("searchbox", { name: "Search addresses" }).fill("OTHER-");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\?q=OTHER-/);
  await expect(page.getByTestId("subscriber-row")).toHaveCount(1);
  await expect(page.getByTestId("subscriber-row")).toContainText(other);
  await page.getByRole("button", { name: `Remove ${other}` }).click();
  await expect(page.getByText("No subscriber matches “OTHER-”.")).toBeVisible();
  await page.goto(`/w/${portal.slug}/status/subscribers`);
  await expect(page.getByTestId("subscriber-count")).toHaveText("1 confirmed subscriber");
  await expect(page.getByTestId("subscriber-row")).toContainText(email);

  // Unsubscribe from the mail's link; twice is fine; the next incident sends nothing.
  await visitor.goto(linkIn(resolved, "/subscriptions/manage"));
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByText("You are unsubscribed.")).toBeVisible();
  await visitor.goto(linkIn(resolved, "/subscriptions/manage"));
  await expect(visitor.getByText("This link is unknown")).toBeVisible();
  // A witness, confirmed to every component, shows when the send is done: the fan-out writes every
  // recipient's mail job in the transaction that writes the witness's, so once the witness has its
  // mail, a mail for the unsubscribed address would be sent or still queued, never yet to come.
  const witness = `witness-${Date.now()}@e2e.example.test`;
  await seedConfirmedSubscriber(portal.workspaceId, witness);
  await openIncident(page, portal.slug, "Another outage", "Nobody should be mailed about this.");
  expect((await nthMail(witness, 1)).subject).toContain("Another outage");
  expect(await queuedMailsTo(email)).toBe(0);
  expect(mailsTo(email)).toHaveLength(3);
  await visitorContext.close();
});
