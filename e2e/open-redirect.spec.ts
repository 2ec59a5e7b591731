import { expect, test, type Page } from "@playwright/test";
import { inviteMember, ownerWithWorkspace } from "./dashboard-helpers";
import { seedAccount, signInContext } from "./accounts";
import { PASSWORD, uniqueEmail } from "./helpers";
import { INVITATION_SUBJECT, latestMail, linkIn } from "./mail";

// The attacks of a black-box audit, in Chromium on the production build. callbackUrl values whose
// dot segments fold into "//evil.example" passed the callback check: signed in, /sign-in answered
// 307 to the other site; signed out, the browser landed there after signing in or up.

const DOT_SEGMENT_TRICKS = ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/a/..//evil.example"];
const OTHER_TRICKS = [
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%09/evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "//evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(document.domain)",
  "/%2e%2e%2f%2fevil.example",
];

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test("signed out: signing up or in from a tricked link lands on the workspace list, on this site", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const email = uniqueEmail("dots");
  // Sign-up hashes the password and signs in: slow on a loaded machine, hence the longer waits.
  await page.goto(`/sign-up?callbackUrl=${encodeURIComponent("/.//evil.example")}`);
  await page.getByLabel("Name").fill("Dot Segment");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${origin}/workspaces`, { timeout: 30_000 });

  for (const value of DOT_SEGMENT_TRICKS) {
    await signOut(page);
    await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(value)}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page, value).toHaveURL(`${origin}/workspaces`, { timeout: 30_000 });
  }
});

test("signed in: /sign-in?callbackUrl=… redirects to the safe target only", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await signInContext(page.context(), await seedAccount("signed-in", "Test User"));
  const locationFor = async (value: string) => {
    const response = await page.request.get(`/sign-in?callbackUrl=${encodeURIComponent(value)}`, { maxRedirects: 0 });
    expect(response.status(), value).toBe(307);
    return new URL(response.headers()["location"]!, origin).href;
  };
  for (const value of [...DOT_SEGMENT_TRICKS, ...OTHER_TRICKS]) {
    expect(await locationFor(value), value).toBe(`${origin}/`);
  }
  // Legitimate targets on this site keep their path and query.
  expect(await locationFor("/account?tab=security")).toBe(`${origin}/account?tab=security`);
  expect(await locationFor("/p/acme/boards/ideas?sort=top&status=open")).toBe(`${origin}/p/acme/boards/ideas?sort=top&status=open`);
  expect(await locationFor(`${origin}/workspaces/new`)).toBe(`${origin}/workspaces/new`);
});

test("next-auth's own sign-in and sign-out answers keep the callback on this site", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const { email } = await seedAccount("nextauth", "Test User");
  for (const value of [...DOT_SEGMENT_TRICKS, "//evil.example", "https://evil.example/"]) {
    const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
    const signIn = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: PASSWORD, callbackUrl: value, json: "true" } });
    expect((await signIn.json()).url, value).toBe(`${origin}/workspaces`);
    const signOut = await page.request.post("/api/auth/signout", { form: { csrfToken, callbackUrl: value, json: "true" } });
    expect((await signOut.json()).url, value).toBe(`${origin}/workspaces`);
  }
});

test("a verification link behind a proxy naming another host redirects to the configured public URL", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  for (const path of ["/verify-email?token=x", "/confirm-email?token=x"]) {
    const response = await request.get(path, { headers: { host: "internal.example:8080", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" }, maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    expect(response.headers()["location"], path).toMatch(new RegExp(`^${origin}/(workspaces|account)\\?email=invalid$`));
  }
});

test("an invitation opened while signed in to another account says so and masks the invited address", async ({ browser }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "masker");
  const invited = uniqueEmail("jane");
  await inviteMember(owner.page, slug, invited, "MEMBER");
  const link = linkIn(await latestMail(invited, INVITATION_SUBJECT), "/invitations/");

  // The owner, signed in as themself, opens the link meant for someone else.
  await owner.page.goto(link);
  const masked = `j•••@${invited.split("@")[1]}`;
  await expect(owner.page.getByText(`You are signed in as ${owner.email}, another account.`)).toBeVisible();
  await expect(owner.page.getByText(`This invitation is for ${masked}`)).toBeVisible();
  expect(await owner.page.content()).not.toContain(invited);
  await owner.context.close();
});
