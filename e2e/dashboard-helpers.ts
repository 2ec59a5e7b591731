import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import pg from "pg";
import { seedAccount, seedWorkspace, signInContext } from "./accounts";
import { uniqueSlug } from "./helpers";
import { countMails, INVITATION_SUBJECT, latestMail, linkIn, VERIFY_SUBJECT } from "./mail";
import { e2eDatabaseUrl } from "./run-environment.mjs";

// Helpers for the settings specs: people in their own browser contexts, roles given through the
// members page (as an owner would), keys created through the keys page.

export const ARTIFACTS = path.resolve("e2e/artifacts");

export interface Person {
  email: string;
  name: string;
  context: BrowserContext;
  page: Page;
}

/**
 * A new account with a confirmed address, signed in, in its own browser context (its own cookies,
 * its own clipboard), on its workspace list. Written straight into the database (e2e/accounts.ts):
 * signing up and confirming through the pages is what auth-and-workspaces, identity and the
 * members invitation flow test.
 */
export async function newPerson(browser: Browser, label: string, name: string): Promise<Person> {
  const [context, account] = await Promise.all([browser.newContext(), seedAccount(label, name)]);
  await Promise.all([context.grantPermissions(["clipboard-read", "clipboard-write"]), signInContext(context, account)]);
  const page = await context.newPage();
  await page.goto("/workspaces");
  return { email: account.email, name, context, page };
}

/** Follows the newest verification link mailed to `email`, in `page` (signed in as that account). */
export async function confirmEmail(page: Page, email: string) {
  const mail = await latestMail(email, VERIFY_SUBJECT);
  await page.goto(linkIn(mail, "/verify-email?token="));
  await expect(page).toHaveURL(/\/workspaces\?email=verified$/);
  await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
}

/** An owner with a fresh FREE workspace ("Acme Rockets"), its page open on the workspace. */
export async function ownerWithWorkspace(browser: Browser, label = "owner") {
  const [context, account] = await Promise.all([browser.newContext(), seedAccount(label, "Olivia Owner")]);
  const slug = uniqueSlug(label);
  await Promise.all([
    context.grantPermissions(["clipboard-read", "clipboard-write"]),
    signInContext(context, account),
    seedWorkspace(account, "Acme Rockets", slug),
  ]);
  const page = await context.newPage();
  await page.goto(`/w/${slug}`);
  const owner: Person = { email: account.email, name: account.name, context, page };
  return { owner, slug };
}

export function memberRow(page: Page, email: string) {
  return page.locator(`[data-testid="member-row"][data-email="${email}"]`);
}

type Role = "OWNER" | "ADMIN" | "MEMBER" | "VIEWER";

/** Sends an invitation from the members page; the address waits as a pending invitation. */
export async function inviteMember(page: Page, slug: string, email: string, role: Role) {
  await page.goto(`/w/${slug}/settings/members`);
  const form = page.getByRole("form", { name: "Add a member" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
}

/** As the invitee: opens the newest invitation mailed to them and joins; ends in the workspace. */
export async function acceptInvitationFromMail(invitee: Person, slug: string, seen = 0) {
  const mail = await latestMail(invitee.email, INVITATION_SUBJECT, seen);
  await invitee.page.goto(linkIn(mail, "/invitations/"));
  await invitee.page.getByRole("button", { name: /^Join / }).click();
  await expect(invitee.page).toHaveURL(new RegExp(`/w/${slug}$`));
}

/**
 * Makes someone a member the way people join: the owner (`page`) invites, and for a Person the
 * invitee accepts through the link in the mail. With a bare address it only invites.
 */
export async function addMember(page: Page, slug: string, invitee: Person | string, role: Role) {
  const email = typeof invitee === "string" ? invitee : invitee.email;
  const seen = countMails(email, INVITATION_SUBJECT);
  await inviteMember(page, slug, email, role);
  if (typeof invitee === "string") return;
  await acceptInvitationFromMail(invitee, slug, seen);
  await page.reload();
  await expect(memberRow(page, email)).toBeVisible();
}

/** Changes a role in the members page and waits until the server's answer is on the page. */
export async function changeRole(page: Page, slug: string, email: string, role: "OWNER" | "ADMIN" | "MEMBER" | "VIEWER") {
  if (!page.url().endsWith(`/w/${slug}/settings/members`)) await page.goto(`/w/${slug}/settings/members`);
  const select = memberRow(page, email).getByRole("combobox");
  await select.selectOption(role);
  await expect(page.getByRole("status").filter({ hasText: ` is now ${role.toLowerCase()}.` }).last()).toBeVisible();
  await expect(select).toBeEnabled();
  await expect(select).toHaveValue(role);
}

export async function removeMember(page: Page, slug: string, email: string) {
  if (!page.url().endsWith(`/w/${slug}/settings/members`)) await page.goto(`/w/${slug}/settings/members`);
  await memberRow(page, email).getByRole("button", { name: /^Remove / }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(memberRow(page, email)).toHaveCount(0);
}

/** Creates a key in the keys page and returns the full key from its dialog, which it leaves open. */
export async function createKey(page: Page, slug: string, name: string, scopes: string[], expiry = "90") {
  if (!page.url().endsWith(`/w/${slug}/settings/api-keys`)) await page.goto(`/w/${slug}/settings/api-keys`);
  await page.getByRole("button", { name: "Create API key" }).click();
  const form = page.getByRole("dialog", { name: "Create an API key" });
  await form.getByLabel("Name").fill(name);
  for (const scope of scopes) await form.getByRole("checkbox", { name: scope, exact: true }).check();
  await form.getByLabel("Expiration").selectOption(expiry);
  await form.getByRole("button", { name: "Create key" }).click();
  const revealed = page.getByRole("dialog", { name: "Your new API key" });
  await expect(revealed).toBeVisible();
  const key = (await revealed.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^wsk_[0-9A-Za-z]{36}$/);
  return { key, dialog: revealed };
}

export async function closeKeyDialog(page: Page) {
  await page.getByRole("dialog", { name: "Your new API key" }).getByRole("button", { name: /close/i }).first().click();
  await expect(page.getByRole("dialog", { name: "Your new API key" })).toBeHidden();
}

/** The e2e server's database (see e2e/run-environment.mjs); throws when the run has no PostgreSQL. */
export { e2eDatabaseUrl };

/** A board to post to: the dashboard has no board pages yet, so the fixture writes the row. */
export async function seedBoard(slug: string): Promise<string> {
  const url = e2eDatabaseUrl();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const id = `brd_e2e_${randomBytes(6).toString("hex")}`;
    const { rowCount } = await client.query(
      `INSERT INTO "Board" (id, "workspaceId", name, slug, "updatedAt") SELECT $1, id, 'Feedback', $2, now() FROM "Workspace" WHERE slug = $3`,
      [id, `feedback-${id.slice(-6)}`, slug],
    );
    expect(rowCount).toBe(1);
    return id;
  } finally {
    await client.end();
  }
}

/**
 * Makes an existing account a member with `role` by writing the row, for specs about what a role
 * may do (not about how people join: members.spec.ts covers that through the pages).
 */
export async function seedMembership(slug: string, email: string, role: "OWNER" | "ADMIN" | "MEMBER" | "VIEWER"): Promise<void> {
  const url = e2eDatabaseUrl();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `INSERT INTO "Membership" (id, "workspaceId", "userId", role, "updatedAt")
       SELECT $1, w.id, u.id, $2::"Role", now() FROM "Workspace" w, "User" u WHERE w.slug = $3 AND lower(u.email) = lower($4)`,
      [`mem_e2e_${randomBytes(6).toString("hex")}`, role, slug, email],
    );
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

// A request still in this handler when the route is removed (a page load racing the unroute
// below) is let through by Playwright itself; our late continue() then finds it handled.
function unlessAlreadyHandled(error: unknown) {
  if (!String(error).includes("Route is already handled")) throw error;
}

export interface CapturedAction {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Records the server-action request that `run` makes from the page (optionally blocking it, so it
 * changes nothing), to replay it later with other cookies or another Origin. `pattern`: the URL
 * glob of the pages whose actions to record (the dashboard, /w/, by default; the portal is /p/).
 */
export async function captureServerAction(page: Page, run: () => Promise<unknown>, { block = false, pattern = "**/w/**" } = {}): Promise<CapturedAction> {
  let captured: CapturedAction | null = null;
  const handler = async (route: import("@playwright/test").Route) => {
    const request = route.request();
    const headers = await request.allHeaders();
    if (request.method() === "POST" && headers["next-action"] && !captured) {
      captured = { url: request.url(), headers, body: request.postData() ?? "" };
      if (block) return route.abort().catch(unlessAlreadyHandled);
    }
    return route.continue().catch(unlessAlreadyHandled);
  };
  await page.route(pattern, handler);
  await run();
  await expect.poll(() => captured !== null).toBe(true);
  await page.unroute(pattern, handler);
  return captured!;
}

/** The headers a server-action call needs, with the Origin the replay claims to come from. */
export function replayHeaders(action: CapturedAction, origin: string | null): Record<string, string> {
  const keep = ["next-action", "content-type", "accept", "next-router-state-tree"];
  const headers = Object.fromEntries(Object.entries(action.headers).filter(([name]) => keep.includes(name)));
  if (origin) headers.origin = origin;
  return headers;
}
