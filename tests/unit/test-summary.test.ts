import { describe, expect, it } from "vitest";
import { commandStep, playwrightStep, skippedStep, summarize, vitestStep } from "@/scripts/lib/test-summary.mjs";

// The closing lines of `npm test`: they must name every failure, and the tally line must never
// read "0 failed" for a run that failed.

const vitestReport = {
  testResults: [
    {
      name: `${process.cwd()}/tests/a.test.ts`,
      status: "failed",
      assertionResults: [
        { fullName: "a works", status: "passed" },
        { fullName: "a breaks", status: "failed" },
        { fullName: "a later", status: "pending" },
      ],
    },
    { name: `${process.cwd()}/tests/b.test.ts`, status: "failed", message: "Error: Cannot find module '@/lib/x'\n    at ...", assertionResults: [] },
    { name: `${process.cwd()}/tests/c.test.ts`, status: "passed", assertionResults: [{ fullName: "c", status: "passed" }] },
  ],
};

const playwrightReport = {
  suites: [
    {
      title: "todos.spec.ts",
      file: "todos.spec.ts",
      specs: [{ title: "adds a todo", file: "todos.spec.ts", tests: [{ status: "expected" }] }],
      suites: [
        {
          title: "portal",
          file: "todos.spec.ts",
          specs: [
            { title: "renders", file: "todos.spec.ts", tests: [{ status: "unexpected" }] },
            { title: "is flaky", file: "todos.spec.ts", tests: [{ status: "flaky" }] },
            { title: "needs seeding", file: "todos.spec.ts", tests: [{ status: "skipped" }] },
          ],
        },
      ],
    },
  ],
  errors: [{ message: "Error: Timed out waiting 240000ms from config.webServer.\nmore" }],
};

describe("a Vitest step", () => {
  it("counts tests, names failures with their file, and counts a file that failed outside any test", () => {
    const step = vitestStep("vitest", vitestReport, { exitCode: 1, durationMs: 1000 });
    expect(step).toMatchObject({ passed: 2, failed: 2, skipped: 1 });
    expect(step.failures).toEqual(["tests/a.test.ts > a breaks", "tests/b.test.ts (the file failed outside any test: Error: Cannot find module '@/lib/x')"]);
    expect(step.skips).toEqual(["tests/a.test.ts > a later"]);
  });

  it("counts Vitest's unhandled errors as failures", () => {
    const output = "\u001b[31m⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯\u001b[39m\nVitest caught 3 unhandled errors during the test run.";
    const step = vitestStep("vitest", { testResults: [] }, { exitCode: 1, durationMs: 1, output });
    expect(step.failed).toBe(3);
    expect(step.failures[0]).toMatch(/3 unhandled errors/);
  });

  it("a non-zero exit with every test passed is one failure of the step", () => {
    const step = vitestStep("vitest upstash", { testResults: [{ name: "t.test.ts", status: "passed", assertionResults: [{ fullName: "t", status: "passed" }] }] }, { exitCode: 1, durationMs: 1 });
    expect(step).toMatchObject({ passed: 1, failed: 1 });
    expect(step.failures).toEqual(["exited with code 1 although no test failed (see its output above)"]);
  });

  it("no report at all is a failure even when the exit code says 0", () => {
    expect(vitestStep("vitest", undefined, { exitCode: 0, durationMs: 1 })).toMatchObject({ failed: 1 });
  });
});

describe("a Playwright step", () => {
  it("counts flaky as passed, names failures and skips by file and describe, and counts errors outside tests", () => {
    const step = playwrightStep("playwright", playwrightReport, { exitCode: 1, durationMs: 1 });
    expect(step).toMatchObject({ passed: 2, failed: 2, skipped: 1 });
    expect(step.failures).toEqual(["todos.spec.ts > portal > renders", "outside any test: Error: Timed out waiting 240000ms from config.webServer."]);
    expect(step.skips).toEqual(["todos.spec.ts > portal > needs seeding"]);
  });
});

describe("the summary", () => {
  it("lists every step, what failed, and ends with an honest tally line", () => {
    const steps = [commandStep("lint", 0, 12_000), commandStep("build", 2, 90_000), vitestStep("vitest", vitestReport, { exitCode: 1, durationMs: 61_000 })];
    const { lines, ok } = summarize(steps, { ci: false, totalMs: 200_000 });
    expect(ok).toBe(false);
    expect(lines.at(-1)).toBe("2 passed, 3 failed, 1 skipped");
    expect(lines).toContain("  lint    passed     0:12");
    expect(lines).toContain("  build   FAILED     1:30");
    expect(lines).toContain("  vitest  FAILED     1:01  2 passed, 2 failed, 1 skipped");
    expect(lines).toContain("  build: exited with code 2 (see its output above)");
    expect(lines).toContain("  vitest: tests/a.test.ts > a breaks");
  });

  it("passes with skips locally, fails with them on CI, and says why", () => {
    const steps = [commandStep("lint", 0, 1), skippedStep("vitest upstash", "no Redis at redis://127.0.0.1:6379")];
    expect(summarize(steps, { ci: false, totalMs: 1 }).ok).toBe(true);
    const onCi = summarize(steps, { ci: true, totalMs: 1 });
    expect(onCi.ok).toBe(false);
    expect(onCi.lines).toContain("skipped (1), which fails the run on CI:");
    expect(onCi.lines.at(-1)).toBe("0 passed, 0 failed, 1 skipped");
  });

  it("a clean run says so, without a skipped count", () => {
    const { lines, ok } = summarize([vitestStep("vitest", { testResults: [{ name: "x", status: "passed", assertionResults: [{ fullName: "x", status: "passed" }] }] }, { exitCode: 0, durationMs: 1 })], { ci: true, totalMs: 1 });
    expect(ok).toBe(true);
    expect(lines.at(-2)).toMatch(/^npm test succeeded in /);
    expect(lines.at(-1)).toBe("1 passed, 0 failed");
  });
});
