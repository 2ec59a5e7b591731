import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./e2e/chromium";
import { prepareE2eRun } from "./e2e/run-environment.mjs";

prepareE2eRun();
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://localhost:${port}`;

// The specs whose tests take longest (20-40 s each on the two-core machine) start first. Playwright
// hands out tests in file order, which left the widget's 40-second screenshot test to start last
// and run alone while the other worker had nothing left. Listed here, they run as a project of
// their own ahead of the rest; every spec still runs once, with the same settings.
const LONG_FIRST = ["widget.spec.ts", "portal-a11y.spec.ts", "feedback-flow.spec.ts", "webhooks.spec.ts", "theme-branding.spec.ts"];
const chromium = { browserName: "chromium", headless: true } as const;

// Debian's Chromium, never a downloaded browser: this machine (and CI) cannot download one.
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Room for a loaded machine (two runs at once, a busy CI host): waits end as soon as the page
  // is ready, so only a failing test pays for them.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Tests, not files, are spread over the workers: every test makes its own accounts and workspaces
  // (e2e/accounts.ts), so none depends on another, and a long spec file no longer runs alone on
  // one worker at the end while the other waits.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL,
    // A failed test keeps its trace (each action with the page's DOM before and after, network,
    // console). Without the screencast: recording it cost about a tenth of the suite's CPU, and the
    // browser suite is CPU-bound on two cores, while the DOM snapshots already show each step.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu", "--no-first-run"],
    },
  },
  projects: [
    { name: "chromium", testMatch: LONG_FIRST, use: chromium },
    { name: "chromium", testIgnore: LONG_FIRST, use: chromium },
  ],
  webServer: {
    command: "node e2e/serve.mjs",
    url: `${baseURL}/sign-in`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_PORT: String(port),
      E2E_DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      CANNY_API_URL: `http://127.0.0.1:${process.env.E2E_CANNY_PORT}/api/v1`,
      STATUSPAGE_API_URL: `http://127.0.0.1:${process.env.E2E_STATUSPAGE_PORT}/v1`,
    },
  },
});
