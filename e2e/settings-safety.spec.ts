import { expect, request as playwrightRequest, test } from "@playwright/test";
import { captureServerAction, closeKeyDialog, createKey, ownerWithWorkspace, replayHeaders } from "./dashboard-helpers";

// Safety: every mutation is a server action that re-checks session and role; requests
// from another site are refused; a request carrying an API key is refused outside /api/v1.

test("a request carrying an API key is refused on the settings pages and their actions: 403 API_KEY_SCOPE", async ({ browser, baseURL }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "keylane");
  const { key } = await createKey(owner.page, slug, "Lane test", ["posts:read"]);
  await closeKeyDialog(owner.page);

  for (const path of ["", "/members", "/api-keys"]) {
    const page = await owner.page.request.get(`${baseURL}/w/${slug}/settings${path}`, { headers: { authorization: `Bearer ${key}` } });
    expect(page.status()).toBe(403);
    expect(await page.json()).toMatchObject({ success: false, code: "API_KEY_SCOPE" });
  }
  // The create-key action, sent with the owner's session and a key on top: refused before it runs.
  const action = await captureServerAction(owner.page, () => createKey(owner.page, slug, "Captured", ["posts:read"]));
  await closeKeyDialog(owner.page);
  const refused = await owner.page.request.post(action.url, {
    headers: { ...replayHeaders(action, baseURL!), authorization: `Bearer ${key}` },
    data: action.body.replace("Captured", "Smuggled"),
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: "API_KEY_SCOPE" });
  await owner.page.reload();
  await expect(owner.page.getByTestId("api-key-row").filter({ hasText: "Smuggled" })).toHaveCount(0);
  await owner.context.close();
});

test("a server action sent from another site is refused and changes nothing; the same request from this site works", async ({ browser, baseURL }) => {
  const { owner, slug } = await ownerWithWorkspace(browser, "csrf");
  const page = owner.page;
  const { key } = await createKey(page, slug, "CSRF target", ["posts:read"]);
  await closeKeyDialog(page);
  const row = page.getByTestId("api-key-row").filter({ hasText: "CSRF target" });

  // Record the revoke request the page makes, but keep it from reaching the server.
  const action = await captureServerAction(
    page,
    async () => {
      await row.getByRole("button", { name: "Revoke CSRF target" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    },
    { block: true },
  );
  await expect(page.getByRole("dialog").getByRole("alert")).toBeVisible();

  // The victim's cookies, another site's Origin (what a cross-site form or fetch would carry).
  for (const origin of ["https://evil.example", "null"]) {
    const forged = await page.request.post(action.url, { headers: replayHeaders(action, origin), data: action.body });
    expect(forged.ok()).toBe(false);
  }
  const stillWorks = await page.request.get(`${baseURL}/api/v1/posts`, { headers: { authorization: `Bearer ${key}` } });
  expect(stillWorks.status()).toBe(200);
  await page.reload();
  await expect(row).toHaveAttribute("data-state", "active");

  // Without a session the action refuses too (and says why), whatever the Origin.
  const anonymous = await playwrightRequest.newContext();
  const signedOut = await anonymous.post(action.url, { headers: replayHeaders(action, baseURL!), data: action.body });
  expect(await signedOut.text()).toContain("Your session has ended. Sign in again.");
  await anonymous.dispose();
  expect((await page.request.get(`${baseURL}/api/v1/posts`, { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);

  // Control: the very same request with this site's Origin is carried out.
  const genuine = await page.request.post(action.url, { headers: replayHeaders(action, baseURL!), data: action.body });
  expect(genuine.status()).toBe(200);
  expect((await page.request.get(`${baseURL}/api/v1/posts`, { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  await owner.context.close();
});
