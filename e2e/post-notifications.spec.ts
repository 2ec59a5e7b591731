import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { seedAccount, signInContext } from "./accounts";
import { ARTIFACTS } from "./dashboard-helpers";
import { screenshotBothWidths, voteOnPortal } from "./feedback-helpers";
import { linkIn, latestMail } from "./mail";
import { addBoard, apiPost, publishedPortal } from "./public-fixtures";

// A voter hears that their idea moved: the admin changes the status with a note in the dashboard,
// the server's worker mails the voter (with the note, a one-click unsubscribe header and link),
// the voter picks their preference on the portal and unsubscribes from the mail's link.

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

test("a voter gets the status-change mail with the team's note, and unsubscribes from its link", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const portal = await publishedPortal(owner, "Acme Rockets");
  const boardId = await addBoard(portal, "Ideas", "ideas");
  const post = await apiPost(request, portal, "/posts", { boardId, title: "Offline mode", body: "Work on planes." });
  const postId = String(post.id);

  const voterAccount = await seedAccount("voter", "Vera Voter");
  const voterContext = await browser.newContext();
  await signInContext(voterContext, voterAccount);
  const voter = await voterContext.newPage();
  await voteOnPortal(voter, portal.slug, postId);

  // The visitor's own page for mail about this portal's posts: all updates by default.
  await voter.goto(`/p/${portal.slug}/account`);
  await expect(voter.getByRole("heading", { level: 1, name: "Your notifications" })).toBeVisible();
  await expect(voter.getByRole("radio", { name: /^All updates/ })).toBeChecked();
  await voter.getByRole("radio", { name: /^All updates/ }).check();
  await voter.getByRole("button", { name: "Save" }).click();
  await expect(voter.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expectNoSeriousA11yViolations(voter, "portal account page");
  await screenshotBothWidths(voter, "post-notifications-account");

  // The admin writes a note, then moves the post along.
  await owner.goto(`/w/${portal.slug}/posts/${postId}`);
  await owner.getByText("Add a note to voters").click();
  await owner.getByLabel("Note to voters (optional)").fill("Shipping in March. Thanks for voting!");
  await screenshotBothWidths(owner, "post-notifications-status-note");
  await owner.getByLabel("Status", { exact: true }).selectOption("planned");
  await expect(owner.getByText("Status: Planned.")).toBeVisible();

  const mail = await latestMail(voterAccount.email, /Offline mode/);
  expect(mail.subject).toContain("Acme Rockets");
  expect(mail.text).toContain("Shipping in March. Thanks for voting!");
  expect(mail.html).toContain("Shipping in March. Thanks for voting!");
  expect(mail.text).toContain(`/p/${portal.slug}/posts/${postId}`);
  expect(mail.headers["list-unsubscribe"]).toMatch(/^<http:\/\/localhost:\d+\/api\/unsubscribe\/pu1\.[^>]+>$/);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  // The admin sees it went out.
  await owner.reload();
  const log = owner.getByTestId("post-notifications");
  await expect(log.getByText(voterAccount.email)).toBeVisible();
  await expect(log.getByText("sent")).toBeVisible({ timeout: 15_000 });
  await screenshotBothWidths(owner, "post-notifications-dashboard");

  // Opening the link changes nothing; the button does.
  await voter.goto(linkIn(mail, "/unsubscribe/"));
  await expect(voter.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await expect(voter.getByText(voterAccount.email)).toBeVisible();
  await expectNoSeriousA11yViolations(voter, "unsubscribe page");
  await screenshotBothWidths(voter, "post-notifications-unsubscribe");
  await voter.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(voter.getByRole("status")).toContainText("you will get no more mail about posts from Acme Rockets");
  await screenshotBothWidths(voter, "post-notifications-unsubscribed");
  await voter.goto(`/p/${portal.slug}/account`);
  await expect(voter.getByRole("radio", { name: "None" })).toBeChecked();

  // A forged link gets a clear page, not an error.
  await voter.goto("/unsubscribe/pu1.forged.token");
  await expect(voter.getByText("This unsubscribe link is not valid.")).toBeVisible();
  // The one-click endpoint: a forged token is a 400, the real one works again (twice is fine).
  expect((await request.post("/api/unsubscribe/pu1.forged.token")).status()).toBe(400);
  const oneClick = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"]!)![1]!;
  expect((await request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);

  // The workspace's switches: an admin turns mail about posts off.
  await owner.goto(`/w/${portal.slug}/settings`);
  const card = owner.getByTestId("notification-settings-form");
  await card.getByRole("switch", { name: "Post updates" }).click();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Notification settings saved.")).toBeVisible();
  await owner.reload();
  await expect(owner.getByTestId("notification-settings-form").getByRole("switch", { name: "Post updates" })).toHaveAttribute("aria-checked", "false");
  await expectNoSeriousA11yViolations(owner, "settings with the notifications card");

  await ownerContext.close();
  await voterContext.close();
});
