import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, ownerWithWorkspace } from "./dashboard-helpers";
import { addBoard, apiPost, publishedPortal } from "./public-fixtures";

// Settings → Webhooks against the production build: a receiver on a free local port (the e2e
// server allows private networks, e2e/serve.mjs), deliveries through the server's own job worker.

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

interface Received {
  headers: Record<string, string>;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = status;
      response.end(status === 200 ? "thanks" : "receiver is down");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (next: number) => {
      status = next;
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

async function fillWebhookForm(page: Page, url: string, description: string, kind?: string) {
  await page.getByRole("button", { name: /^Add (your first )?webhook$/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add a webhook" });
  await dialog.getByLabel("URL").fill(url);
  await dialog.getByLabel("Description").fill(description);
  if (kind) await dialog.getByLabel("Format").selectOption(kind);
  await dialog.getByRole("button", { name: "Add webhook" }).click();
}

async function addWebhook(page: Page, url: string, description: string) {
  await fillWebhookForm(page, url, description);
  const secretDialog = page.getByRole("dialog", { name: "Your webhook's signing secret" });
  await expect(secretDialog).toBeVisible();
  const secret = (await secretDialog.getByTestId("webhook-secret").textContent())!;
  expect(secret).toMatch(/^whsec_/);
  return { secretDialog, secret };
}

test("an owner adds endpoints, sees the secret once, sends test events that verify, watches a retry, resends; Slack gets blocks", async ({ browser }) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const { owner, slug } = await ownerWithWorkspace(browser, "hooks");
    const page = owner.page;
    await page.goto(`/w/${slug}/settings`);
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No webhooks yet" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "webhooks, empty");

    // A private address is refused with the reason, beside the field (the e2e server allows
    // them, so the form check shown is the one for a URL that is not https-or-http).
    await page.getByRole("button", { name: "Add webhook" }).first().click();
    const form = page.getByRole("dialog", { name: "Add a webhook" });
    await form.getByLabel("URL").fill("ftp://example.com/hook");
    await form.getByRole("button", { name: "Add webhook" }).click();
    await expect(form.getByText("The URL must start with https://.")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "add webhook dialog");
    await form.getByRole("button", { name: "Cancel" }).click();

    const { secretDialog, secret } = await addWebhook(page, receiver.url("/standard"), "CRM sync");
    await expect(secretDialog).toContainText("you won't see it again");
    await expectNoSeriousA11yViolations(page, "secret dialog");
    await page.screenshot({ path: path.join(ARTIFACTS, "webhook-secret-dialog.png") });
    await secretDialog.getByRole("button", { name: /close/ }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.reload();
    expect(await page.content()).not.toContain(secret.slice(6));

    const row = page.getByTestId("webhook-row").filter({ hasText: "CRM sync" });
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const first = receiver.received[0]!;
    expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({ type: "webhook.test" });

    await row.getByRole("link", { name: "Deliveries" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Deliveries" })).toBeVisible();
    const delivered = page.getByTestId("delivery-row").first();
    await expect(delivered).toContainText("webhook.test");
    await expect(delivered).toContainText("delivered");
    await expect(delivered).toContainText("answered 200");

    // The receiver fails: the log shows the failed attempt and the retry that follows 5 s later.
    receiver.answer(500);
    await page.goto(`/w/${slug}/settings/webhooks`);
    await row.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await row.getByRole("link", { name: "Deliveries" }).click();
    const failing = page.getByTestId("delivery-row").first();
    await expect(failing).toContainText("pending");
    await expect(failing).toContainText("2 attempts");
    await expect(failing).toContainText("Answered 500.");
    await expect(failing).toContainText("Next attempt");
    await failing.getByText("Answer", { exact: true }).click();
    await expect(failing).toContainText("receiver is down");
    await expectNoSeriousA11yViolations(page, "delivery log");
    await shoot(page, "webhook-deliveries");

    // Fixed: Resend delivers it at once.
    receiver.answer(200);
    const before = receiver.received.length;
    await failing.getByRole("button", { name: "Resend" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(before);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("delivery-row").first()).toContainText("delivered", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    // A Slack-kind endpoint gets a readable message with blocks.
    await page.goto(`/w/${slug}/settings/webhooks`);
    // Slack checks no signature: no secret to keep is shown, and there is none to rotate.
    await fillWebhookForm(page, receiver.url("/slack"), "Team channel", "slack");
    await expect(page.getByText("Slack incoming webhook added")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Your webhook's signing secret" })).toHaveCount(0);
    const slackRow = page.getByTestId("webhook-row").filter({ hasText: "Team channel" });
    await expect(slackRow).toContainText("Slack incoming webhook");
    await expect(slackRow.getByRole("button", { name: "Rotate secret" })).toHaveCount(0);
    const seen = receiver.received.length;
    await slackRow.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(seen);
    const message = JSON.parse(receiver.received.at(-1)!.body);
    expect(message.text).toContain("this endpoint is connected");
    expect(message.blocks[0].type).toBe("section");

    // Pause, then the list says so.
    await slackRow.getByRole("button", { name: "Pause" }).click();
    await expect(slackRow).toContainText("Paused");
    await expectNoSeriousA11yViolations(page, "webhooks list");
    await shoot(page, "webhooks-list");

    // Delete asks first.
    await slackRow.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this webhook?" });
    await confirm.getByRole("button", { name: "Delete webhook" }).click();
    await expect(slackRow).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("a post's status changed in the dashboard reaches the receiver as a signed post.status_changed", async ({ page, request }) => {
  const receiver = await startReceiver();
  try {
    const portal = await publishedPortal(page, "Hooked");
    const boardId = await addBoard(portal, "Ideas", "ideas");
    const post = await apiPost(request, portal, "/posts", { boardId, title: "Offline mode", body: "Work on planes." });
    await page.goto(`/w/${portal.slug}/settings/webhooks`);
    const { secretDialog, secret } = await addWebhook(page, receiver.url("/events"), "Status watcher");
    await secretDialog.getByRole("button", { name: /close/ }).click();

    await page.goto(`/w/${portal.slug}/posts/${post.id}`);
    await page.getByLabel("Status", { exact: true }).selectOption("planned");
    await expect(page.getByRole("status").filter({ hasText: "Status: Planned." })).toBeVisible();

    // Other events of this post (its creation) may arrive too; the status change arrives once.
    const statusChanges = () => receiver.received.filter((message) => JSON.parse(message.body).type === "post.status_changed");
    await expect.poll(() => statusChanges().length, { timeout: 30_000 }).toBe(1);
    const [message] = statusChanges();
    expect(new Webhook(secret).verify(message!.body, message!.headers)).toMatchObject({
      type: "post.status_changed",
      data: { id: post.id, title: "Offline mode", status: "planned" },
    });
  } finally {
    await receiver.close();
  }
});
