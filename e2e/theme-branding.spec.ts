import fs from "node:fs";
import zlib from "node:zlib";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { addBoard, addComponent, e2eDatabaseUrl, publishedPortal, type Portal } from "./public-fixtures";

// Dark mode (system default, remembered choice, no light flash) and a workspace's branding on its portal.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");
// Many pages, contexts and axe runs per test, on a machine that may be busy.
test.setTimeout(480_000);

const ARTIFACTS = "e2e/artifacts";
// A 32×32 PNG, orange with a dark square inside: what the logo upload accepts, visible in screenshots.
const PNG = squarePng(32);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function squarePng(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: size }, (_, x) => (x > 8 && x < 24 && y > 8 && y < 24 ? [30, 41, 59] : [255, 136, 0])).flat()]),
  );
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

/** The body's background as WCAG relative luminance: near 0 dark, near 1 light. */
async function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const probe = document.createElement("canvas").getContext("2d")!;
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...probe.getImageData(0, 0, 1, 1).data].map((c) => c / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

async function seed(portal: Portal) {
  await addBoard(portal, "Feature requests", "features");
  const api = await addComponent(portal, "API", 0);
  await addComponent(portal, "Dashboard", 1);
  return api;
}

async function visitor(browser: Browser, colorScheme: "dark" | "light", options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const context = await browser.newContext({ colorScheme, javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: { width: options.width ?? 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

test("dark follows the system with no light flash, the switch is remembered, and axe passes in dark", async ({ page, browser }) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const portal = await publishedPortal(page, "Nightly Labs");
  await seed(portal);
  const pages = { home: `/p/${portal.slug}`, board: `/p/${portal.slug}/boards/features`, status: `/p/${portal.slug}/status` };

  // Without any script the server's HTML alone is already dark: nothing light is painted first.
  const noScript = await visitor(browser, "dark", { javaScriptEnabled: false });
  await noScript.page.goto(pages.home);
  expect(await bodyLuminance(noScript.page)).toBeLessThan(0.02);
  await noScript.context.close();
  // And at the very first paint with scripts on, before hydration.
  const early = await visitor(browser, "dark");
  await early.page.goto(pages.board, { waitUntil: "commit" });
  await early.page.waitForSelector("body", { state: "attached" });
  expect(await bodyLuminance(early.page)).toBeLessThan(0.02);
  await early.context.close();

  const dark = await visitor(browser, "dark");
  for (const [name, path] of Object.entries(pages)) {
    await dark.page.goto(path);
    await expect(dark.page.getByTestId("portal-name")).toHaveText("Nightly Labs");
    expect(await bodyLuminance(dark.page)).toBeLessThan(0.02);
    await expectNoSeriousA11yViolations(dark.page, `${name} in dark`);
  }
  await dark.context.close();

  // A light system, switched to dark in the portal's footer: remembered across pages and reloads.
  const light = await visitor(browser, "light");
  await light.page.goto(pages.home);
  expect(await bodyLuminance(light.page)).toBeGreaterThan(0.9);
  const switcher = light.page.getByRole("radiogroup", { name: "Colour theme" });
  await expect(switcher.getByRole("radio", { name: "System" })).toBeChecked();
  // The radios are visually hidden inside their labels: a click lands on the label, as a person's does.
  await switcher.getByText("Dark", { exact: true }).click();
  await expect(light.page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await bodyLuminance(light.page)).toBeLessThan(0.02);
  expect((await light.context.cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("dark");
  await light.page.goto(pages.status);
  expect(await bodyLuminance(light.page)).toBeLessThan(0.02);
  await light.page.reload();
  await expect(light.page.getByRole("radiogroup", { name: "Colour theme" }).getByRole("radio", { name: "Dark" })).toBeChecked();
  // Keyboard: arrows move the choice; back to following the system (light here).
  await light.page.getByRole("radio", { name: "Dark" }).focus();
  await light.page.keyboard.press("ArrowLeft");
  await light.page.keyboard.press("ArrowLeft");
  await expect(light.page.getByRole("radio", { name: "System" })).toBeChecked();
  await expect(light.page.locator("html")).not.toHaveAttribute("data-theme");
  expect(await bodyLuminance(light.page)).toBeGreaterThan(0.9);
  await light.context.close();

  // The dashboard: the account menu's theme choice, then axe on a dashboard page in dark.
  await page.goto(`/w/${portal.slug}`);
  await page.getByTestId("signed-in-as").click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.keyboard.press("Escape");
  await page.reload();
  expect(await bodyLuminance(page)).toBeLessThan(0.02);
  await expectNoSeriousA11yViolations(page, "dashboard overview in dark");
  await page.goto(`/w/${portal.slug}/settings`);
  await expectNoSeriousA11yViolations(page, "workspace settings in dark");
});

test("an admin sets the accent and logo, sees the preview, and the portal shows them", async ({ page, browser }) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const portal = await publishedPortal(page, "Orange Works");
  await seed(portal);
  await page.goto(`/w/${portal.slug}/settings`);
  const branding = page.getByRole("region", { name: "Portal branding" });
  const preview = page.getByTestId("branding-preview");
  const previewButton = preview.getByText("Submit an idea");

  // A non-colour is a field error; nothing is sent.
  await branding.getByLabel("Accent colour", { exact: true }).fill("orange");
  await branding.getByRole("button", { name: "Save branding" }).click();
  await expect(branding.getByText("Enter a colour as #RRGGBB (for example #4f46e5).")).toBeVisible();

  // The preview follows the colour as it is typed, with black text on this light orange.
  await branding.getByLabel("Accent colour", { exact: true }).fill("#ff8800");
  await expect(previewButton).toHaveCSS("background-color", "rgb(255, 136, 0)");
  await expect(previewButton).toHaveCSS("color", "rgb(0, 0, 0)");

  // An SVG (even named .png) is refused on the logo field.
  await branding.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: SVG });
  await branding.getByRole("button", { name: "Save branding" }).click();
  await expect(branding.getByText(/SVG logos are not accepted/)).toBeVisible();
  // A text file named .png, and an image over the size limit, are refused on the field too.
  await branding.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
  await branding.getByRole("button", { name: "Save branding" }).click();
  await expect(branding.getByText("This file is not a PNG, JPEG, WebP or GIF image.")).toBeVisible();
  // Too large is said as soon as it is chosen, before anything is sent.
  await branding.getByLabel("Logo").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(600 * 1024)]) });
  await expect(branding.getByText(/The logo is over 512 KiB/)).toBeVisible();

  await branding.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(preview.getByTestId("portal-logo")).toHaveAttribute("src", /^blob:/);
  await page.screenshot({ path: `${ARTIFACTS}/branding-settings-desktop.png`, fullPage: true });
  await branding.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("Branding saved.")).toBeVisible();
  await expect(preview.getByTestId("portal-logo")).toHaveAttribute("src", /^\/api\/logos\//);
  await expectNoSeriousA11yViolations(page, "settings with branding");

  // The portal's primary button (the idea form, for a signed-in person) in the accent, black text.
  await page.goto(`/p/${portal.slug}/boards/features`);
  await page.getByLabel("Title").fill("Orange everything");
  await expect(page.getByRole("button", { name: "Post idea" })).toHaveCSS("background-color", "rgb(255, 136, 0)");
  await expect(page.getByRole("button", { name: "Post idea" })).toHaveCSS("color", "rgb(0, 0, 0)");
  await expectNoSeriousA11yViolations(page, "branded board");

  // The portal, as a visitor: the logo in the header, the accent on the primary button, the favicon.
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      const { context, page: guest } = await visitor(browser, colorScheme, { width });
      await guest.goto(`/p/${portal.slug}/boards/features`);
      const logo = guest.getByTestId("portal-logo");
      await expect(logo).toBeVisible();
      const src = await logo.getAttribute("src");
      expect(src).toMatch(/^\/api\/logos\/[a-z0-9-]+\/[0-9a-f]{16}$/);
      await expect(guest.locator('link[rel="icon"]').first()).toHaveAttribute("href", src!);
      // Signed out too, in either scheme: the current tab is underlined in the accent.
      await expect(guest.getByRole("navigation", { name: "Portal" }).locator('[aria-current="page"]')).toHaveCSS("border-bottom-color", "rgb(255, 136, 0)");
      const response = await guest.request.get(src!);
      expect(response.headers()).toMatchObject({ "content-type": "image/png", "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'" });
      const label = `${colorScheme}-${width === 1280 ? "desktop" : "mobile"}`;
      await guest.screenshot({ path: `${ARTIFACTS}/theme-board-${label}.png`, fullPage: true });
      await guest.goto(`/p/${portal.slug}/status`);
      await guest.screenshot({ path: `${ARTIFACTS}/theme-status-${label}.png`, fullPage: true });
      await guest.goto(`/p/${portal.slug}`);
      await guest.screenshot({ path: `${ARTIFACTS}/theme-home-${label}.png`, fullPage: true });
      await context.close();
    }
  }
  // The dashboard in both schemes, for review.
  for (const theme of ["light", "dark"]) {
    await page.context().addCookies([{ name: "theme", value: theme, url: page.url() }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/w/${portal.slug}/settings`);
      await page.screenshot({ path: `${ARTIFACTS}/theme-settings-${theme}-${width === 1280 ? "desktop" : "mobile"}.png`, fullPage: true });
    }
  }
});
