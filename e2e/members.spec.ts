import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { signUp, uniqueEmail } from "./helpers";
import {
  addMember,
  ARTIFACTS,
  captureServerAction,
  changeRole,
  closeKeyDialog,
  createKey,
  e2eDatabaseUrl,
  memberRow,
  newPerson,
  ownerWithWorkspace,
  removeMember,
  replayHeaders,
  seedBoard,
} from "./dashboard-helpers";

// Issue #4, members page: roles are given and taken in the browser, and a key follows its
// creator's role from the very next request.

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

async function postWith(request: APIRequestContext, baseURL: string, path: string, key: string, data: unknown) {
  const response = await request.post(`${baseURL}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` }, data });
  return { status: response.status(), json: await response.json() };
}

test("an admin's posts:write key follows the admin's role: viewer 403, admin again 201, removed 403", async ({ browser, baseURL, request }) => {
  test.skip(!e2eDatabaseUrl(), "needs PostgreSQL (TEST_DATABASE_URL) to seed a board");
  const { owner, slug } = await ownerWithWorkspace(browser, "roles");
  const admin = await newPerson(browser, "writer", "Wes Writer");
  await addMember(owner.page, slug, admin.email, "ADMIN");
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

  await removeMember(owner.page, slug, admin.email);
  const removed = await post("After removal");
  expect(removed.status).toBe(403);
  expect(removed.json).toMatchObject({ success: false, code: "FORBIDDEN" });

  // The key page tells the admins why that key no longer works.
  await owner.page.goto(`/w/${slug}/settings/api-keys`);
  await expect(owner.page.getByTestId("api-key-row").filter({ hasText: "Post writer" })).toContainText("no longer a member");
  await Promise.all([owner.context.close(), admin.context.close()]);
});

test("an admin's changelog:write key follows the admin's role: member 403, admin again 201, removed 403", async ({ browser, baseURL, request }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "notes");
  const admin = await newPerson(browser, "notes-admin", "Nora Notes");
  await addMember(owner.page, slug, admin.email, "ADMIN");
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
  expect(removed.status).toBe(403);
  expect(removed.json).toMatchObject({ success: false, code: "FORBIDDEN" });
  await Promise.all([owner.context.close(), admin.context.close()]);
});

test("a member sees 'not allowed' on the keys page; a viewer cannot change roles, in the page or by replaying the request", async ({ browser, baseURL }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "perms");
  const member = await newPerson(browser, "member", "Max Member");
  const viewer = await newPerson(browser, "viewer", "Vic Viewer");
  await addMember(owner.page, slug, member.email, "MEMBER");
  await addMember(owner.page, slug, viewer.email, "VIEWER");

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

test("adding by email: an account joins at once, an unknown address waits as an invitation and joins when it signs up", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "invite");
  const page = owner.page;
  const existing = await newPerson(browser, "existing", "Erin Existing");
  await addMember(page, slug, existing.email, "MEMBER");
  await expect(page.getByRole("status").filter({ hasText: `${existing.email} joined as member.` })).toBeVisible();
  await expect(memberRow(page, existing.email)).toContainText("Erin Existing");

  const newcomer = uniqueEmail("newcomer");
  await addMember(page, slug, newcomer, "VIEWER");
  await expect(page.getByRole("status").filter({ hasText: "they join as viewer when they sign up" })).toBeVisible();
  const invitation = page.locator(`[data-testid="invitation-row"][data-email="${newcomer}"]`);
  await expect(invitation).toContainText("Viewer");

  // Adding the same address again is refused on the field.
  const form = page.getByRole("form", { name: "Add a member" });
  await form.getByLabel("Email").fill(existing.email.toUpperCase());
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByText("This person is already a member of the workspace.")).toBeVisible();
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByText("Enter a valid email address.")).toBeVisible();

  // The invited address signs up and lands in the workspace as a viewer.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await signUp(invitee, newcomer, undefined, "Nia Newcomer");
  await expect(invitee.getByRole("list", { name: "Workspaces" })).toContainText("viewer");
  await page.reload();
  await expect(memberRow(page, newcomer)).toContainText("Viewer");
  await expect(invitation).toHaveCount(0);

  // A withdrawn invitation is gone.
  const later = uniqueEmail("later");
  await addMember(page, slug, later, "MEMBER");
  await page.getByRole("button", { name: `Revoke the invitation for ${later}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `The invitation for ${later} is withdrawn.` })).toBeVisible();
  await expect(page.locator(`[data-testid="invitation-row"][data-email="${later}"]`)).toHaveCount(0);
  await addMember(page, slug, uniqueEmail("pending"), "ADMIN");
  await page.screenshot({ path: path.join(ARTIFACTS, "members-page.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, "members-page-mobile.png"), fullPage: true });
  await Promise.all([owner.context.close(), existing.context.close(), context.close()]);
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
  await addMember(page, slug, second.email, "OWNER");
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
