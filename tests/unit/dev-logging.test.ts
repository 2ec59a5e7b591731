import fs from "node:fs";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- next.config.mjs is plain JavaScript, without type declarations.
import rawConfig from "@/next.config.mjs";

// `npm run dev` once printed every server action's arguments (sign-up passwords in plain
// text) and ~45 Edge-runtime warnings per request from instrumentation.ts.
describe("development logs", () => {
  it("Next does not log server-function (action) invocations and their arguments", () => {
    expect((rawConfig as NextConfig).logging).toMatchObject({ serverFunctions: false });
  });

  it("instrumentation.ts, also compiled for the Edge runtime, touches no Node API itself", () => {
    const source = fs.readFileSync("instrumentation.ts", "utf8").replace(/^\s*\/\/.*$/gm, "");
    expect(source).not.toMatch(/execArgv|node:|setFlagsFromString|@\/lib\//);
    expect(source).toContain('await import("./instrumentation-node")');
  });
});
