import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, confirmEmail } from "./dashboard-helpers";
import { PASSWORD, signIn, signUp, uniqueEmail } from "./helpers";
import { latestMail, mailsTo, VERIFY_SUBJECT } from "./mail";

// The identity side on the production build: proven addresses, throttles, safe
// redirects and sessions the server can end.

test.beforeAll(() => fs.mkdirSync(ARTIFACTS, { recursive: true }));

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

test("a new account lands signed in with a 'confirm your email' banner; the mailed link confirms it", async ({ page }) => {
  const email = uniqueEmail("fresh");
  await signUp(page, email);
  const banner = page.getByTestId("verify-email-banner");
  await expect(banner).toContainText(`We sent a link to ${email}.`);
  await expectNoSeriousA11yViolations(page, "workspace list, unconfirmed");
  await page.screenshot({ path: path.join(ARTIFACTS, "verify-email-banner.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, "verify-email-banner-mobile.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await latestMail(email, VERIFY_SUBJECT);
  await banner.getByRole("button", { name: "Resend the link" }).click();
  await expect(banner.getByRole("status")).toHaveText(`A new link is on its way to ${email}.`);
  await expect.poll(() => mailsTo(email).filter((mail) => VERIFY_SUBJECT.test(mail.subject)).length).toBe(2);

  await confirmEmail(page, email);
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
  // The link worked once; used again it says so, and the address stays confirmed.
  const mail = await latestMail(email, VERIFY_SUBJECT);
  await page.goto(mail.text.match(/https?:\/\/\S+verify-email\S+/)![0]);
  await expect(page).toHaveURL(/\/workspaces\?email=verified$/);
});

test("the mailed link followed in another browser asks to sign in first, then confirms; it confirms nothing for whoever is signed out", async ({ page, browser }) => {
  const email = uniqueEmail("elsewhere");
  await signUp(page, email);
  const mail = await latestMail(email, VERIFY_SUBJECT);
  const link = mail.text.match(/https?:\/\/\S+verify-email\S+/)![0];

  // Another browser (the phone the mail was read on; or the address's owner, who never signed up).
  const context = await browser.newContext();
  const elsewhere = await context.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere).toHaveURL(/\/sign-in\?verify=sign-in&callbackUrl=/);
  const notice = elsewhere.getByRole("status").filter({ hasText: "Sign in to confirm your email address." });
  await expect(notice).toContainText("Forgot password?");
  await expectNoSeriousA11yViolations(elsewhere, "sign-in asked for by a verification link");
  await elsewhere.screenshot({ path: path.join(ARTIFACTS, "verify-sign-in-first.png"), fullPage: true });
  await elsewhere.setViewportSize({ width: 390, height: 844 });
  await elsewhere.screenshot({ path: path.join(ARTIFACTS, "verify-sign-in-first-mobile.png"), fullPage: true });
  await elsewhere.setViewportSize({ width: 1280, height: 800 });
  // Nothing was confirmed by the visit: the signed-up browser still shows the banner.
  await page.reload();
  await expect(page.getByTestId("verify-email-banner")).toBeVisible();

  await elsewhere.getByLabel("Email").fill(email);
  await elsewhere.getByLabel("Password").fill(PASSWORD);
  await elsewhere.getByRole("button", { name: "Sign in" }).click();
  await expect(elsewhere).toHaveURL(/\/workspaces\?email=verified$/);
  await expect(elsewhere.getByText("Your email address is confirmed.")).toBeVisible();
  await context.close();
});

test("after repeated wrong passwords, sign-in says how long this network waits; after the wait the right password works", async ({ page }) => {
  // A dozen password checks and a deliberate wait: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const email = uniqueEmail("guessed");
  await signUp(page, email);
  await signOut(page);
  // Five wrong passwords are free; each further one doubles the wait (the form may be slower than
  // the first one-second waits, so keep guessing until the answer is a wait).
  const alert = page.getByRole("alert").filter({ hasText: /./ });
  let waited = "";
  for (let attempt = 0; attempt < 12 && !waited; attempt++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong-guess-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toHaveText(/^(Wrong email or password\.|Too many attempts from this network\. Try again in \d+ seconds?\.)$/);
    if ((await alert.textContent())?.startsWith("Too many")) waited = (await alert.textContent()) ?? "";
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  expect(waited).toMatch(/^Too many attempts from this network\. Try again in \d+ seconds?\.$/);
  await expect(page).toHaveURL(/\/sign-in/);
  await expectNoSeriousA11yViolations(page, "sign-in, throttled");
  await page.screenshot({ path: path.join(ARTIFACTS, "sign-in-throttled.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, "sign-in-throttled-mobile.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout((Number(/(\d+) second/.exec(waited)![1]) + 1) * 1000);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
});

test("signing out ends the session on the server: the old cookie no longer opens the dashboard", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail("cookie");
  await signUp(page, email);
  const stolen = await context.cookies();
  expect(stolen.some((cookie) => cookie.name.includes("session-token"))).toBe(true);
  await signOut(page);

  const replay = await browser.newContext();
  await replay.addCookies(stolen);
  const attacker = await replay.newPage();
  await attacker.goto(`${baseURL}/workspaces`);
  await expect(attacker).toHaveURL(/\/sign-in\?callbackUrl=%2Fworkspaces/);
  await Promise.all([context.close(), replay.close()]);
});

test("'Sign out everywhere' ends the account's sessions in every browser", async ({ browser }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const email = uniqueEmail("everywhere");
  const onLaptop = await laptop.newPage();
  await signUp(onLaptop, email);
  const onPhone = await phone.newPage();
  await signIn(onPhone, email);

  await onLaptop.getByTestId("signed-in-as").click();
  await expect(onLaptop.getByRole("menuitem", { name: /Sign out everywhere/ })).toBeVisible();
  await expectNoSeriousA11yViolations(onLaptop, "account menu open");
  await onLaptop.screenshot({ path: path.join(ARTIFACTS, "account-menu.png") });
  await onLaptop.getByRole("menuitem", { name: /Sign out everywhere/ }).click();
  await expect(onLaptop).toHaveURL(/\/sign-in\?signedOut=everywhere/);
  await expect(onLaptop.getByText("You are signed out on every device.")).toBeVisible();

  await onPhone.goto("/workspaces");
  await expect(onPhone).toHaveURL(/\/sign-in/);
  await Promise.all([laptop.close(), phone.close()]);
});

test("callbackUrl never leaves the site and never answers 500 (findings 2 and 10)", async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const email = uniqueEmail("redirect");
  await signUp(page, email);
  await signOut(page);

  // The audit's sequence: sign in from a link whose callbackUrl is /%09/evil.example.
  await page.goto("/sign-in?callbackUrl=/%09/evil.example");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin}/workspaces`);

  // Signed in, the sign-in page redirects at once: to our own list, whatever it is handed.
  const bypasses = ["/%09/evil.example", "%0A", "%0D", "%E3%80%82", "/%E3%80%82", "//evil.example", "/%5Cevil.example", "javascript:alert(1)", "https://evil.example/", "/%2F%2Fevil.example"];
  for (const value of bypasses) {
    const response = await page.goto(`/sign-in?callbackUrl=${value}`);
    expect(response!.status(), value).toBeLessThan(500);
    expect(new URL(page.url()).origin, value).toBe(origin);
  }
  // And signed out (the pages render the link to sign-up with it): no 500 either.
  for (const value of bypasses) {
    for (const pathName of ["/sign-in", "/sign-up"]) {
      const response = await request.get(`${baseURL}${pathName}?callbackUrl=${value}`, { maxRedirects: 0 });
      expect(response.status(), `${pathName} ${value}`).toBeLessThan(500);
    }
  }
});

test("the development outbox does not exist in production", async ({ request, baseURL }) => {
  expect((await request.get(`${baseURL}/dev/outbox`)).status()).toBe(404);
});
