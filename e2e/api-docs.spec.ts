import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS, ownerWithWorkspace } from "./dashboard-helpers";

// /docs/api renders both OpenAPI documents with the reference renderer the app serves itself:
// every request that is not to this server is aborted and recorded, and there must be none.

const LOCAL = new Set(["localhost", "127.0.0.1", "[::1]"]);

async function blockTheNetwork(page: Page): Promise<string[]> {
  const attempted: string[] = [];
  await page.context().route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (LOCAL.has(url.hostname) || url.protocol === "data:" || url.protocol === "blob:") return route.continue();
    attempted.push(url.toString());
    return route.abort("blockedbyclient");
  });
  return attempted;
}

async function openReference(page: Page) {
  await page.goto("/docs/api");
  await expect(page).toHaveTitle(/API reference/);
  // The renderer's own heading: the document's title, read from /api/v1/openapi.json.
  await expect(page.getByRole("heading", { name: "Workspace API", level: 1 })).toBeVisible({ timeout: 30_000 });
}

test.describe("/docs/api", () => {
  test("renders the operations of both documents with the network blocked", async ({ page }) => {
    const attempted = await blockTheNetwork(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openReference(page);

    // Every operation of the served document is listed under its tag.
    const document = (await (await page.request.get("/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, { tags: string[] }>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, tag: operation.tags[0]! })));
    expect(operations.length).toBeGreaterThan(15);
    for (const { path, method, tag } of operations) {
      const listed = new RegExp(`^\\s*${method}\\s*${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`, "i");
      await expect(page.getByRole("list", { name: `${tag} endpoints` }).getByRole("listitem").filter({ hasText: listed })).toHaveCount(1);
    }
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/api-docs-desktop.png` });

    // As a reader would: the sidebar leads to the operation, with its scope and its error codes.
    const sidebar = page.getByRole("complementary", { name: /Sidebar/ });
    await sidebar.getByRole("link", { name: /^Create a post/ }).click();
    await expect(page).toHaveURL(/#v1\/tag\/posts\/POST\/posts$/);
    const operation = page.locator("section", { has: page.getByRole("heading", { name: "Create a post", exact: true }) }).last();
    await expect(operation.getByText("posts:write").first()).toBeVisible();
    await expect(operation.getByText("INSUFFICIENT_SCOPES").first()).toBeAttached();
    await page.screenshot({ path: `${ARTIFACTS}/api-docs-operation.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${ARTIFACTS}/api-docs-phone.png` });

    expect(attempted, "requests to anywhere but this server").toEqual([]);
  });

  test("the public API's document is one selection away", async ({ page }) => {
    const attempted = await blockTheNetwork(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/docs/api?api=public");
    await expect(page.getByRole("heading", { name: "Workspace public API", level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Status in Atlassian Statuspage's v2 summary shape").first()).toBeAttached();
    await page.screenshot({ path: `${ARTIFACTS}/api-docs-public.png` });
    expect(attempted).toEqual([]);
  });

  test("axe: nothing serious on our page; the renderer's own findings are reported", async ({ page }, testInfo) => {
    await blockTheNetwork(page);
    await openReference(page);
    await expectNoSeriousA11yViolations(page, "/docs/api outside the renderer", { exclude: "#api-reference-root" });

    const renderer = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include("#api-reference-root").analyze();
    const findings = renderer.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.length,
      first: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
    fs.writeFileSync(`${ARTIFACTS}/api-docs-axe-renderer.json`, JSON.stringify(findings, null, 2));
    await testInfo.attach("renderer axe findings", { body: JSON.stringify(findings, null, 2), contentType: "application/json" });
    for (const finding of findings) testInfo.annotations.push({ type: `renderer a11y (${finding.impact})`, description: `${finding.id}: ${finding.help} ×${finding.nodes}` });
  });

  test("the API keys page links to it", async ({ browser }) => {
    const { owner, slug } = await ownerWithWorkspace(browser, "docs");
    await owner.page.goto(`/w/${slug}/settings/api-keys`);
    await owner.page.getByRole("link", { name: "API reference" }).click();
    // The reference names the section in view in the address once it has loaded (#v1).
    await expect(owner.page).toHaveURL(/\/docs\/api(#[\w-]*)?$/);
    await owner.context.close();
  });
});
