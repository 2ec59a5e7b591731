#!/usr/bin/env node
// `npm test`: lint, typecheck, the dependency rules, the production build, Vitest (unit +
// integration; the production server's own tests serve that build), the API suite a second time on
// the Upstash rate-limit backend through the local bridge (on the Redis it finds, or one it starts;
// required on CI), then Playwright in Debian's Chromium.
//
// It needs no environment variable: the database is TEST_DATABASE_URL, else DATABASE_URL, else a
// PostgreSQL running locally (scripts/lib/find-postgres.mjs), else embedded PGlite, and the log
// says which. Ports, databases and folders are chosen per run, so two clones can test at once.
// It ends with every step's result, what failed or was skipped, and one "N passed, N failed" line.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describeDatabase, findPostgres } from "./lib/find-postgres.mjs";
import { findOrStartRedis } from "./lib/local-redis.mjs";
import { commandStep, playwrightStep, skippedStep, summarize, vitestStep } from "./lib/test-summary.mjs";

// The same order as e2e/chromium.ts: Debian's headless shell, else full Chromium.
const CHROMIUM = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const bin = (name) => path.resolve("node_modules/.bin", name);
const started = Date.now();
const ci = Boolean(process.env.CI && process.env.CI !== "false");
/** @type {import("./lib/test-summary.mjs").StepResult[]} */
const steps = [];
/** The last part of each step's output, kept to find Vitest's unhandled errors in it. */
const OUTPUT_TAIL = 2_000_000;

/**
 * Runs a command and returns its exit code, duration and output tail. Its output is shown live, or
 * with `buffered` (for commands running side by side) all at once under its title when it ends.
 */
function run(title, command, args, env = {}, { buffered = false } = {}) {
  if (!buffered) console.log(`\n== ${title}`);
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    let output = "";
    const keep = (chunk, stream) => {
      if (!buffered) stream.write(chunk);
      output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
    };
    const done = (exitCode) => {
      const durationMs = Date.now() - begun;
      if (buffered) {
        console.log(`\n== ${title} (${(durationMs / 1000).toFixed(1)} s, exit code ${exitCode})`);
        if (output) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
      }
      resolve({ exitCode, durationMs, output });
    };
    child.stdout.on("data", (chunk) => keep(chunk, process.stdout));
    child.stderr.on("data", (chunk) => keep(chunk, process.stderr));
    child.on("error", (error) => {
      output += String(error);
      done(1);
    });
    child.on("close", (code) => done(code));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

async function finish() {
  if (redis.url) await redis.stop();
  const { lines, ok } = summarize(steps, { ci, totalMs: Date.now() - started });
  for (const line of lines) console.log(line);
  process.exit(ok ? 0 : 1);
}

const chromium = process.env.CHROMIUM_PATH ?? CHROMIUM.find((candidate) => fs.existsSync(candidate));
if (!chromium || !fs.existsSync(chromium)) {
  console.error(
    "No Chromium found for the browser tests. Install Debian's: `sudo apt-get update && sudo apt-get install -y chromium-headless-shell`\n" +
      "(or set CHROMIUM_PATH to a Chromium or Chrome binary).",
  );
  process.exit(1);
}

const database = await findPostgres();
console.log(`Database for the tests: ${describeDatabase(database)}`);
if (!database.url) {
  console.log("The browser specs that seed rows directly need PostgreSQL: without it they fail. Start PostgreSQL for the full suite.");
}
// Redis, for the Upstash bridge's own tests and the API suite's Upstash pass: found, or started for
// this run and stopped at its end.
const redis = await findOrStartRedis();
console.log(`Redis for the tests: ${redis.url ? `${redis.url} (${redis.source})` : redis.source}`);
if (!redis.url) console.log("The Upstash bridge's tests need Redis: without it they fail and the Upstash pass is skipped. Install Redis for the full suite.");
// Every step below (and each process they start) sees the same choices.
const testEnv = { ...(database.url ? { TEST_DATABASE_URL: database.url } : {}), ...(redis.url ? { REDIS_URL: redis.url } : {}) };
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "wsp-test-"));

// Lint, typecheck and the dependency rules only read the sources, each mostly on one core: side by
// side they take about as long as the slowest. The build comes after them, not beside them: it
// regenerates the Prisma client and .next/types, which the typecheck and lint read.
console.log("\n== lint, typecheck and dependency rules, side by side (each one's output when it ends)");
const [lint, typecheck, deps] = await Promise.all([
  run("lint", bin("eslint"), ["--max-warnings", "0", "."], {}, { buffered: true }),
  run("typecheck", bin("tsc"), ["--noEmit"], {}, { buffered: true }),
  run("dependency rules", "npm", ["run", "--silent", "lint:deps"], {}, { buffered: true }),
]);
steps.push(commandStep("lint", lint.exitCode, lint.durationMs));
steps.push(commandStep("typecheck", typecheck.exitCode, typecheck.durationMs));
steps.push(commandStep("dependency rules", deps.exitCode, deps.durationMs));

// The build comes before the test files: the production server's own tests (tests/server) serve it.
const build = await run("build", "npm", ["run", "build"]);
steps.push(commandStep("build", build.exitCode, build.durationMs));

const vitestReport = path.join(reports, "vitest.json");
const vitestRun = await run(`vitest (${database.url ? "PostgreSQL" : "embedded PGlite"}, in-process rate limiter)`, bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`], testEnv);
steps.push(vitestStep("vitest", readJson(vitestReport), vitestRun));

if (redis.url) {
  const upstashReport = path.join(reports, "vitest-upstash.json");
  const upstashRun = await run("vitest: the API suite on the Upstash backend (bridge → Redis)", bin("vitest"), [
    "run", "--project", "integration", "tests/api", "--reporter=default", "--reporter=json", `--outputFile=${upstashReport}`,
  ], { ...testEnv, TEST_RATE_LIMIT_BACKEND: "upstash" });
  steps.push(vitestStep("vitest upstash", readJson(upstashReport), upstashRun));
} else if (ci) {
  console.error(`\nCI must run the API suite on the Upstash backend: ${redis.source}.`);
  steps.push(commandStep("vitest upstash", 1, 0));
  steps.at(-1).failures = [redis.source];
} else {
  console.log(`\n== skipped: the Upstash pass (${redis.source}; install Redis to run it)`);
  steps.push(skippedStep("vitest upstash", redis.source));
}

if (build.exitCode === 0) {
  const playwrightReport = path.join(reports, "playwright.json");
  const playwrightRun = await run("playwright (production build, Chromium)", bin("playwright"), ["test", "--reporter=list,json"], {
    ...testEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    CHROMIUM_PATH: chromium,
  });
  steps.push(playwrightStep("playwright", readJson(playwrightReport), playwrightRun));
} else {
  steps.push(skippedStep("playwright", "the build failed"));
}

fs.rmSync(reports, { recursive: true, force: true });
await finish();
