// The tally behind `npm test`'s last lines. Each step (lint, typecheck, the Vitest passes, the
// build, Playwright) ends as one record: its counts, its exit code, its duration and the names of
// what failed or was skipped. A step whose process failed without a counted failure (an unhandled
// error, a crashed worker, a web server that never came up, a missing report) still counts as one
// failure under its own name, so the closing "N passed, N failed" line can never say 0 failed
// while the run failed.

/**
 * @typedef {{ name: string; exitCode: number | null; durationMs: number; passed: number; failed: number;
 *   skipped: number; failures: string[]; skips: string[]; counted: boolean; note?: string }} StepResult
 */

/** A step that runs no tests (lint, typecheck, build): its exit code is its result. */
export function commandStep(name, exitCode, durationMs) {
  return settle({ name, exitCode, durationMs, passed: 0, failed: 0, skipped: 0, failures: [], skips: [], counted: false });
}

/** A step not run at all, and why; it counts as skipped. */
export function skippedStep(name, reason) {
  return { name, exitCode: null, durationMs: 0, passed: 0, failed: 0, skipped: 1, failures: [], skips: [`${name}: ${reason}`], counted: false, note: reason };
}

/**
 * A Vitest run from its JSON report (jest-compatible) and its console output.
 * @param {string} name
 * @param {any} report the parsed --reporter=json file, or undefined when there is none
 * @param {{ exitCode: number | null; durationMs: number; output?: string }} run
 */
export function vitestStep(name, report, { exitCode, durationMs, output = "" }) {
  const step = { name, exitCode, durationMs, passed: 0, failed: 0, skipped: 0, failures: [], skips: [], counted: Boolean(report) };
  for (const file of report?.testResults ?? []) {
    const where = relative(file.name);
    let failedHere = 0;
    for (const test of file.assertionResults ?? []) {
      const title = `${where} > ${test.fullName ?? test.title}`;
      if (test.status === "passed") step.passed += 1;
      else if (test.status === "failed") {
        step.failed += 1;
        failedHere += 1;
        step.failures.push(title);
      } else {
        step.skipped += 1;
        step.skips.push(title);
      }
    }
    // A file that failed with no failed test: it did not load, or a hook threw.
    if (file.status === "failed" && failedHere === 0) {
      step.failed += 1;
      step.failures.push(`${where} (the file failed outside any test: ${firstLine(file.message) || "see the output above"})`);
    }
  }
  const unhandled = unhandledErrors(output);
  if (unhandled > 0) {
    step.failed += unhandled;
    step.failures.push(`${unhandled} unhandled error${unhandled === 1 ? "" : "s"} (Vitest's "Unhandled Errors" above)`);
  }
  return settle(noReport(step, report));
}

/**
 * A Playwright run from its JSON report.
 * @param {string} name
 * @param {any} report the parsed JSON reporter output, or undefined when there is none
 * @param {{ exitCode: number | null; durationMs: number }} run
 */
export function playwrightStep(name, report, { exitCode, durationMs }) {
  const step = { name, exitCode, durationMs, passed: 0, failed: 0, skipped: 0, failures: [], skips: [], counted: Boolean(report) };
  const visit = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const title = `${spec.file ?? suite.file ?? ""} > ${[...trail, spec.title].join(" > ")}`;
        if (test.status === "expected" || test.status === "flaky") step.passed += 1;
        else if (test.status === "skipped") {
          step.skipped += 1;
          step.skips.push(title);
        } else {
          step.failed += 1;
          step.failures.push(title);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...trail, child.title]);
  };
  // Top-level suites are the spec files; the ones below them are describe blocks.
  for (const suite of report?.suites ?? []) visit(suite, []);
  // Errors outside any test: the web server did not start, a spec file did not load, global setup threw.
  for (const error of report?.errors ?? []) {
    step.failed += 1;
    step.failures.push(`outside any test: ${firstLine(error.message) || "see the output above"}`);
  }
  return settle(noReport(step, report));
}

/** A test step that left no report did not run to its end: that is a failure whatever its exit code. */
function noReport(step, report) {
  if (!report) {
    step.failed += 1;
    step.failures.push("left no report: it stopped before the end (see its output above)");
  }
  return step;
}

/** Counts a non-zero exit that no counted failure explains as one failure of the step itself. */
function settle(step) {
  if (step.exitCode !== 0 && step.failed === 0) {
    step.failed = 1;
    const why = step.exitCode === null ? "was killed" : `exited with code ${step.exitCode}`;
    step.failures.push(step.counted ? `${why} although no test failed (see its output above)` : step.exitCode === null ? why : `${why} (see its output above)`);
  }
  return step;
}

/** How many unhandled errors Vitest reported in its console output. */
export function unhandledErrors(output) {
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const caught = [...plain.matchAll(/Vitest caught (\d+) unhandled errors?/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  if (caught > 0) return caught;
  return /Unhandled Errors?\s*⎯/.test(plain) ? 1 : 0;
}

/**
 * The closing report: one line per step, what failed, what was skipped, then the tally line,
 * which is always last. Skips fail the run on CI, where nothing may quietly not run.
 * @param {StepResult[]} steps
 * @param {{ ci: boolean; totalMs: number }} options
 * @returns {{ lines: string[]; ok: boolean }}
 */
export function summarize(steps, { ci, totalMs }) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const step of steps) {
    total.passed += step.passed;
    total.failed += step.failed;
    total.skipped += step.skipped;
  }
  const width = Math.max(...steps.map((step) => step.name.length), 4);
  const lines = ["", "== summary"];
  for (const step of steps) {
    const result = step.failed > 0 ? "FAILED" : step.exitCode === null && step.note ? "skipped" : "passed";
    const counts = step.counted ? `  ${step.passed} passed, ${step.failed} failed, ${step.skipped} skipped` : step.note ? `  (${step.note})` : "";
    lines.push(`  ${step.name.padEnd(width)}  ${result.padEnd(7)} ${duration(step.durationMs).padStart(7)}${counts}`);
  }
  const failures = steps.flatMap((step) => step.failures.map((failure) => `${step.name}: ${failure}`));
  if (failures.length > 0) lines.push("", `failed (${failures.length}):`, ...failures.map((failure) => `  ${failure}`));
  const skips = steps.flatMap((step) => step.skips.map((skip) => (skip.startsWith(`${step.name}:`) ? skip : `${step.name}: ${skip}`)));
  if (skips.length > 0) lines.push("", `skipped (${skips.length})${ci ? ", which fails the run on CI" : ""}:`, ...skips.map((skip) => `  ${skip}`));
  const ok = total.failed === 0 && (!ci || total.skipped === 0);
  lines.push("", `npm test ${ok ? "succeeded" : "FAILED"} in ${duration(totalMs)}`);
  lines.push(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
  return { lines, ok };
}

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function firstLine(text) {
  return String(text ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .find(Boolean);
}

function relative(file) {
  const cwd = `${process.cwd()}/`;
  return String(file ?? "").startsWith(cwd) ? String(file).slice(cwd.length) : String(file ?? "");
}
