import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { uniqueEmail } from "./helpers";
import { INVITATION_SUBJECT, latestMail, linkIn, mailsTo } from "./mail";
import {
  addMember,
  ARTIFACTS,
  captureServerAction,
  changeRole,
  closeKeyDialog,
  confirmEmail,
  createKey,
  e2eDatabaseUrl,
  inviteMember,
  memberRow,
  newPerson,
  ownerWithWorkspace,
  removeMember,
  replayHeaders,
  seedBoard,
} from "./dashboard-helpers";

// The members page: roles are given and taken in the browser, and a key follows its
// creator's role from the very next request.

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

async function postWith(request: APIRequestContext, baseURL: string, path: string, key: string, data: unknown) {
  // A fresh connection each time: after a long stretch in the browser, a kept-alive one may just
  // have been closed by the server (its keep-alive timeout), which the client sees as ECONNRESET.
  const response = await request.post(`${baseURL}/api/v1${path}`, { headers: { authorization: `Bearer ${key}`, connection: "close" }, data });
  return { status: response.status(), json: await response.json() };
}

test("an admin's posts:write key follows the admin's role: viewer 403, admin again 201; removal revokes it for good", async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000); // the admin joins twice through the invitation mail
  test.skip(!e2eDatabaseUrl(), "needs PostgreSQL (TEST_DATABASE_URL) to seed a board");
  const { owner, slug } = await ownerWithWorkspace(browser, "roles");
  const admin = await newPerson(browser, "writer", "Wes Writer");
  await addMember(owner.page, slug, admin, "ADMIN");
  const { key } = await createKey(admin.page, slug, "Post writer", ["posts:write"]);
  await closeKeyDialog(admin.page);
  const boardId = await seedBoard(slug);
  const post = (title: string) => postWith(request, baseURL!, "/posts", key, { boardId, title });

  expect((await post("While admin")).status).toBe(201);

  await changeRole(owner.page, slug, admin.email, "VIEWER");
  const demoted = await post("While viewer");
  expect(demoted.status).toBe(403);
  expect(demoted.json).toMatchObject({ success: false, code: "FORBIDDEN" });

  await changeRole(owner.page, slug, admin.email, "ADMIN");
  const promoted = await post("Admin again");
  expect(promoted.status).toBe(201);
  expect(promoted.json).toMatchObject({ success: true, data: { title: "Admin again" } });

  // The confirmation lists the keys the removal revokes before anything else.
  await memberRow(owner.page, admin.email).getByRole("button", { name: /^Remove / }).click();
  const confirm = owner.page.getByRole("dialog");
  await expect(confirm.getByRole("list", { name: "API keys that will be revoked" })).toContainText("Post writer");
  await owner.page.screenshot({ path: path.join(ARTIFACTS, "remove-member-keys.png") });
  await confirm.getByRole("button", { name: "Remove member" }).click();
  await expect(owner.page.getByRole("status").filter({ hasText: "1 API key revoked" })).toBeVisible();
  const removed = await post("After removal");
  expect(removed.status).toBe(401);
  expect(removed.json).toMatchObject({ success: false, code: "UNAUTHORIZED" });
  await owner.page.goto(`/w/${slug}/settings/api-keys`);
  await expect(owner.page.getByTestId("api-key-row").filter({ hasText: "Post writer" })).toContainText("Revoked");

  // Invited back and accepted with the same role: the old key stays dead.
  await addMember(owner.page, slug, admin, "ADMIN");
  expect((await post("After coming back")).status).toBe(401);
  await Promise.all([owner.context.close(), admin.context.close()]);
});

test("an admin's changelog:write key follows the admin's role: member 403, admin again 201, removed 401", async ({ browser, baseURL, request }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "notes");
  const admin = await newPerson(browser, "notes-admin", "Nora Notes");
  await addMember(owner.page, slug, admin, "ADMIN");
  const { key } = await createKey(admin.page, slug, "Release bot", ["changelog:write"]);
  await closeKeyDialog(admin.page);
  const publish = (title: string) => postWith(request, baseURL!, "/changelog", key, { title, body: "Shipped." });

  await changeRole(owner.page, slug, admin.email, "MEMBER");
  const demoted = await publish("As member");
  expect(demoted.status).toBe(403);
  expect(demoted.json).toMatchObject({ success: false, code: "FORBIDDEN" });

  await changeRole(owner.page, slug, admin.email, "ADMIN");
  expect((await publish("As admin")).status).toBe(201);

  await removeMember(owner.page, slug, admin.email);
  const removed = await publish("After removal");
  expect(removed.status).toBe(401);
  expect(removed.json).toMatchObject({ success: false, code: "UNAUTHORIZED" });
  await Promise.all([owner.context.close(), admin.context.close()]);
});

test("a member sees 'not allowed' on the keys page; a viewer cannot change roles, in the page or by replaying the request", async ({ browser, baseURL }) => {
  test.setTimeout(120_000); // three people, two of them joining through the invitation mail
  const { owner, slug } = await ownerWithWorkspace(browser, "perms");
  const member = await newPerson(browser, "member", "Max Member");
  const viewer = await newPerson(browser, "viewer", "Vic Viewer");
  await addMember(owner.page, slug, member, "MEMBER");
  await addMember(owner.page, slug, viewer, "VIEWER");

  await member.page.goto(`/w/${slug}/settings/api-keys`);
  await expect(member.page.getByRole("heading", { name: "API keys: not allowed" })).toBeVisible();
  await expect(member.page.getByText("Only admins and owners can create, see and revoke this workspace's API keys.")).toBeVisible();
  await expect(member.page.getByText("ask an owner (Olivia Owner)")).toBeVisible();
  await expect(member.page.getByRole("button", { name: "Create API key" })).toHaveCount(0);
  await member.page.screenshot({ path: path.join(ARTIFACTS, "api-keys-not-allowed.png") });

  await viewer.page.goto(`/w/${slug}/settings/members`);
  await expect(viewer.page.getByText("only admins and owners can add members or change roles")).toBeVisible();
  await expect(memberRow(viewer.page, member.email)).toContainText("Member");
  await expect(viewer.page.getByRole("list", { name: "Members" }).getByRole("combobox")).toHaveCount(0);
  await expect(viewer.page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(viewer.page.getByRole("form", { name: "Add a member" })).toHaveCount(0);
  await viewer.page.goto(`/w/${slug}/settings/api-keys`);
  await expect(viewer.page.getByRole("heading", { name: "API keys: not allowed" })).toBeVisible();

  // The owner's own "make Max a viewer" request, replayed with the viewer's session: refused.
  const action = await captureServerAction(owner.page, () => changeRole(owner.page, slug, member.email, "VIEWER"));
  await changeRole(owner.page, slug, member.email, "MEMBER");
  const replay = await viewer.page.request.post(action.url, { headers: replayHeaders(action, baseURL!), data: action.body });
  expect(replay.status()).toBe(200);
  expect(await replay.text()).toContain("Only admins and owners can change roles.");
  await owner.page.reload();
  await expect(memberRow(owner.page, member.email).getByRole("combobox")).toHaveValue("MEMBER");
  await Promise.all([owner.context.close(), member.context.close(), viewer.context.close()]);
});

test("inviting an existing account: it is not a member until it accepts from its workspace list", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "invite");
  const page = owner.page;
  const existing = await newPerson(browser, "existing", "Erin Existing");
  await inviteMember(page, slug, existing.email, "MEMBER");
  await expect(page.locator(`[data-testid="invitation-row"][data-email="${existing.email}"]`)).toContainText("link expires");
  await expect(memberRow(page, existing.email)).toHaveCount(0);

  // Adding the same address again, or something that is not an address, is refused on the field.
  const form = page.getByRole("form", { name: "Add a member" });
  await form.getByLabel("Email").fill(existing.email.toUpperCase());
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByText("This address has already been invited.")).toBeVisible();
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByText("Enter a valid email address.")).toBeVisible();

  // The invitee sees it in their workspace list, with Accept and Decline.
  const invitee = existing.page;
  await invitee.goto("/workspaces");
  const row = invitee.getByTestId("my-invitation").filter({ hasText: "Acme Rockets" });
  await expect(row).toContainText("Olivia Owner invited you as member");
  await expectNoSeriousA11yViolations(invitee, "workspace list with an invitation");
  await invitee.screenshot({ path: path.join(ARTIFACTS, "workspaces-invitation.png"), fullPage: true });
  await invitee.setViewportSize({ width: 390, height: 844 });
  await invitee.screenshot({ path: path.join(ARTIFACTS, "workspaces-invitation-mobile.png"), fullPage: true });
  await invitee.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole("button", { name: "Accept the invitation to Acme Rockets" }).click();
  await expect(invitee).toHaveURL(new RegExp(`/w/${slug}$`));

  await page.reload();
  await expect(memberRow(page, existing.email)).toContainText("Erin Existing");
  await expect(page.locator(`[data-testid="invitation-row"][data-email="${existing.email}"]`)).toHaveCount(0);
  await form.getByLabel("Email").fill(existing.email);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByText("This person is already a member of the workspace.")).toBeVisible();
  await Promise.all([owner.context.close(), existing.context.close()]);
});

test("the invitation flow from the received mail: a new address re-roled, resent, signs up, confirms, joins", async ({ browser }) => {
  test.setTimeout(120_000); // three people, two mails, sign-up and confirmation, all in the browser
  const { owner, slug } = await ownerWithWorkspace(browser, "mailflow");
  const page = owner.page;
  const newcomer = uniqueEmail("newcomer");
  await inviteMember(page, slug, newcomer, "VIEWER");
  const invitation = page.locator(`[data-testid="invitation-row"][data-email="${newcomer}"]`);

  // The pending invitation: re-role it, copy its link, resend it.
  await invitation.getByRole("combobox", { name: `Role of the invitation for ${newcomer}` }).selectOption("MEMBER");
  await expect(page.getByRole("status").filter({ hasText: `The invitation for ${newcomer} now grants member.` })).toBeVisible();
  // Toasts sit in the corner where this row's buttons are on a short page: dismiss each, as a person would.
  const dismissToasts = async () => {
    const dismiss = page.getByRole("button", { name: "Dismiss notification" });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
  };
  await dismissToasts();
  await invitation.getByRole("button", { name: `Copy the invitation link for ${newcomer}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation link for ${newcomer} copied.` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^http:\/\/localhost:\d+\/invitations\/[A-Za-z0-9_-]{43}$/);
  await dismissToasts();
  await invitation.getByRole("button", { name: `Resend the invitation to ${newcomer}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `A new invitation link is on its way to ${newcomer}.` })).toBeVisible();
  await expect.poll(() => mailsTo(newcomer).length).toBe(2);
  await expectNoSeriousA11yViolations(page, "members page with a pending invitation");
  await page.screenshot({ path: path.join(ARTIFACTS, "members-page.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, "members-page-mobile.png"), fullPage: true });

  // The newcomer opens the latest mail, signed out.
  const mail = await latestMail(newcomer, INVITATION_SUBJECT);
  expect(mail.subject).toBe("Olivia Owner invited you to Acme Rockets on Workspace");
  expect(mail.text).toContain("as member");
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(linkIn(mail, "/invitations/"));
  await expect(invitee.getByRole("heading", { name: "Join Acme Rockets" })).toBeVisible();
  // Signed out, the page cannot tell who holds the link: the address is masked.
  await expect(invitee.getByText(`Olivia Owner invited ${newcomer[0]}•••@example.test to join as member.`)).toBeVisible();
  await expect(invitee.getByText(newcomer)).toHaveCount(0);
  await expectNoSeriousA11yViolations(invitee, "invitation page, signed out");
  await invitee.screenshot({ path: path.join(ARTIFACTS, "invitation-signed-out.png"), fullPage: true });
  await invitee.setViewportSize({ width: 390, height: 844 });
  await invitee.screenshot({ path: path.join(ARTIFACTS, "invitation-signed-out-mobile.png"), fullPage: true });
  await invitee.setViewportSize({ width: 1280, height: 800 });

  // Create an account from there (the link does not carry the address either), and the page comes back asking to confirm it.
  await invitee.getByRole("link", { name: "Create an account" }).click();
  await expect(invitee.getByLabel("Email")).toHaveValue("");
  await invitee.getByLabel("Email").fill(newcomer);
  await invitee.getByLabel("Name").fill("Nia Newcomer");
  await invitee.getByLabel("Password").fill("correct-horse-battery");
  await invitee.getByRole("button", { name: "Create account" }).click();
  await expect(invitee).toHaveURL(/\/invitations\//);
  await expect(invitee.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await expect(invitee.getByRole("button", { name: /^Join / })).toHaveCount(0);
  await invitee.screenshot({ path: path.join(ARTIFACTS, "invitation-confirm-first.png"), fullPage: true });

  await confirmEmail(invitee, newcomer);
  await expect(invitee.getByTestId("my-invitation")).toContainText("Acme Rockets");
  await invitee.goto(linkIn(mail, "/invitations/"));
  await expectNoSeriousA11yViolations(invitee, "invitation page, ready to join");
  await invitee.screenshot({ path: path.join(ARTIFACTS, "invitation-join.png"), fullPage: true });
  await invitee.setViewportSize({ width: 390, height: 844 });
  await invitee.screenshot({ path: path.join(ARTIFACTS, "invitation-join-mobile.png"), fullPage: true });
  await invitee.getByRole("button", { name: "Join Acme Rockets" }).click();
  await expect(invitee).toHaveURL(new RegExp(`/w/${slug}$`));

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(memberRow(page, newcomer)).toContainText("Member");
  await expect(invitation).toHaveCount(0);
  // The link worked once.
  await invitee.goto(linkIn(mail, "/invitations/"));
  await expect(invitee.getByRole("heading", { name: "This invitation is no longer valid" })).toBeVisible();

  // A withdrawn invitation is gone.
  const later = uniqueEmail("later");
  await inviteMember(page, slug, later, "MEMBER");
  await dismissToasts();
  await page.getByRole("button", { name: `Revoke the invitation for ${later}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `The invitation for ${later} is withdrawn.` })).toBeVisible();
  await expect(page.locator(`[data-testid="invitation-row"][data-email="${later}"]`)).toHaveCount(0);
  await Promise.all([owner.context.close(), context.close()]);
});

test("the last owner cannot be demoted or removed; with a second owner they can step down", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "owners");
  const page = owner.page;
  await page.goto(`/w/${slug}/settings/members`);
  const me = memberRow(page, owner.email);
  await expect(me.getByRole("combobox")).toBeDisabled();
  await expect(me.getByRole("button", { name: "Leave the workspace" })).toBeDisabled();
  await expect(me).toContainText("The only owner cannot be demoted or removed.");

  const second = await newPerson(browser, "second", "Sam Second");
  await addMember(page, slug, second, "OWNER");
  await expect(me.getByRole("combobox")).toBeEnabled();

  // Stepping down asks first, then shows the page an admin sees.
  await me.getByRole("combobox").selectOption("ADMIN");
  const confirm = page.getByRole("dialog", { name: "Make yourself admin?" });
  await confirm.getByRole("button", { name: "Change my role" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Olivia Owner is now admin." })).toBeVisible();
  await expect(me.getByRole("combobox")).toHaveValue("ADMIN");
  // An admin cannot touch an owner: Sam's row has no controls now.
  await expect(memberRow(page, second.email).getByRole("combobox")).toHaveCount(0);
  await expect(memberRow(page, second.email)).toContainText("Owner");
  await Promise.all([owner.context.close(), second.context.close()]);
});
