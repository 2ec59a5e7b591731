import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { withServerNodeOptions } from "../../scripts/lib/server-node-options.mjs";

// The young generation's size, in MiB, of a Node.js process started with `env`, once it has
// allocated enough surviving objects to grow it to its limit.
function youngGenerationMiB(env: NodeJS.ProcessEnv): number {
  const script = `const v8 = require("node:v8"); const keep = []; for (let i = 0; i < 2e6; i++) keep.push({ i });
    process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size / 1048576));`;
  const run = spawnSync(process.execPath, ["-e", script], { env, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout);
}

describe("the production server's launch settings", () => {
  it("keep the young generation at 32 MiB, where Node's default grows it to 128 on a large machine", () => {
    // Whatever this test run was started with is not the server's.
    const env = { ...process.env, NODE_OPTIONS: "" };
    expect(youngGenerationMiB(withServerNodeOptions(env))).toBeLessThanOrEqual(32);
  });

  it("ask glibc for two malloc arenas unless the operator chose a number", () => {
    expect(withServerNodeOptions({}).MALLOC_ARENA_MAX).toBe("2");
    expect(withServerNodeOptions({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
  });

  it("keep the operator's own options, and their own young-generation size", () => {
    expect(withServerNodeOptions({ NODE_OPTIONS: "--enable-source-maps" }).NODE_OPTIONS).toBe("--enable-source-maps --max-semi-space-size=16");
    expect(withServerNodeOptions({ NODE_OPTIONS: "--max-semi-space-size=8" }).NODE_OPTIONS).toBe("--max-semi-space-size=8");
    expect(withServerNodeOptions({ PORT: "3000" })).toMatchObject({ PORT: "3000" });
  });
});
