#!/usr/bin/env node
// `npm test`: lint, typecheck, Vitest (unit + integration, on PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL is set, embedded PGlite otherwise), the API suite a second time on the Upstash
// rate-limit backend through the local bridge (when Redis answers; required on CI), then the
// production build and Playwright in Debian's Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const bin = (name) => path.resolve("node_modules/.bin", name);
const tally = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

function step(title, command, args, env = {}) {
  console.log(`\n== ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function finish(ok) {
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nnpm test ${ok ? "succeeded" : "FAILED"} in ${minutes} min`);
  console.log(`${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ""}`);
  process.exit(ok ? 0 : 1);
}

function readVitestReport(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    tally.passed += report.numPassedTests ?? 0;
    tally.failed += report.numFailedTests ?? 0;
    tally.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } catch {
    tally.failed += 1; // no report: the run itself broke
  }
}

function readPlaywrightReport(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, "utf8"));
    tally.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    tally.failed += stats.unexpected ?? 0;
    tally.skipped += stats.skipped ?? 0;
  } catch {
    tally.failed += 1;
  }
}

function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const chromium = process.env.CHROMIUM_PATH ?? CHROMIUM.find((candidate) => fs.existsSync(candidate));
if (!chromium || !fs.existsSync(chromium)) {
  console.error(
    "No Chromium found for the browser tests. Install Debian's: `sudo apt-get update && sudo apt-get install -y chromium`\n" +
      "(or set CHROMIUM_PATH to a Chromium or Chrome binary).",
  );
  process.exit(1);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "wsp-test-"));
const database = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
let ok = step("lint", bin("eslint"), ["--max-warnings", "0", "."]);
ok = step("typecheck", bin("tsc"), ["--noEmit"]) && ok;
ok = step("dependency rules", "npm", ["run", "--silent", "lint:deps"]) && ok;

const vitestReport = path.join(reports, "vitest.json");
ok = step(`vitest (${database}, in-process rate limiter)`, bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`]) && ok;
readVitestReport(vitestReport);

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
if (await redisAnswers(redisUrl)) {
  const upstashReport = path.join(reports, "vitest-upstash.json");
  ok =
    step("vitest: the API suite on the Upstash backend (bridge → Redis)", bin("vitest"), [
      "run", "--project", "integration", "tests/api", "--reporter=default", "--reporter=json", `--outputFile=${upstashReport}`,
    ], { TEST_RATE_LIMIT_BACKEND: "upstash", REDIS_URL: redisUrl }) && ok;
  readVitestReport(upstashReport);
} else if (process.env.CI) {
  console.error(`\nRedis does not answer at ${redisUrl}; CI must run the API suite on the Upstash backend.`);
  ok = false;
} else {
  console.log(`\n== skipped: the Upstash pass (no Redis at ${redisUrl}; start one to run it)`);
}

ok = step("build", "npm", ["run", "build"]) && ok;
const playwrightReport = path.join(reports, "playwright.json");
ok = step("playwright (production build, Chromium)", bin("playwright"), ["test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  CHROMIUM_PATH: chromium,
}) && ok;
readPlaywrightReport(playwrightReport);

finish(ok && tally.failed === 0);
