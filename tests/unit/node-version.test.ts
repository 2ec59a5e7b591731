import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { minimumNode, nodeVersionRefusal } from "@/scripts/lib/node-version.mjs";

// Started on a Node.js older than `engines` allows, every entry point says which version it needs
// and exits, instead of failing somewhere inside with a stack trace.

const RANGE = JSON.parse(fs.readFileSync("package.json", "utf8")).engines.node as string;

describe("the Node.js version check", () => {
  it("reads the minimum from engines, and refuses below it only", () => {
    expect(minimumNode(">=24.11 <27")).toEqual([24, 11, 0]);
    expect(nodeVersionRefusal("20.20.0", ">=24.11 <27")).toBe(
      'Refusing to start on Node.js 20.20.0: this project needs Node.js 24.11.0 or later (package.json engines: ">=24.11 <27"). ' +
        "Install Node.js 24 LTS (https://nodejs.org, or `npm install -g node@24`) and run it again.",
    );
    expect(nodeVersionRefusal("24.10.9", ">=24.11 <27")).toMatch(/^Refusing to start on Node.js 24.10.9/);
    for (const version of ["24.11.0", "24.21.0", "26.12.1"]) expect(nodeVersionRefusal(version, ">=24.11 <27")).toBeNull();
  });

  it("this Node.js is one the project allows", () => {
    expect(nodeVersionRefusal(process.versions.node, RANGE)).toBeNull();
  });

  // The entry points, on a Node.js that reports itself as 20 (this one, told so before the entry
  // loads), and on a real Node 20 where the machine has one as its `node`.
  const ENTRIES = [["npm start", "scripts/start.mjs"], ["npm run dev", "scripts/dev.mjs"], ["the compiled server", ".server/server.mjs"], ["the compiled worker", ".server/worker.mjs"], ["npm run worker", "scripts/start-worker.mjs"]];
  const AS_NODE_20 = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.0"})`;

  it.each(ENTRIES)("%s refuses on Node 20 with the version it needs, not a stack trace", (_name, entry) => {
    const result = spawnSync(process.execPath, ["--import", AS_NODE_20, entry], { encoding: "utf8", timeout: 30_000, env: { PATH: process.env.PATH ?? "" } as unknown as NodeJS.ProcessEnv });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(nodeVersionRefusal("20.20.0", RANGE));
    expect(result.stdout).toBe("");
  });

  // Where a machine keeps its own Node (CI's .ci/run leaves it in place and puts 24 first on PATH).
  const olderNodes = ["/usr/bin/node", "/usr/local/bin/node"].filter((binary) => {
    const version = fs.existsSync(binary) ? spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout?.trim().slice(1) : undefined;
    return version !== undefined && nodeVersionRefusal(version, RANGE) !== null;
  });
  it(`a real older Node.js gets the same answer (here: ${olderNodes.join(", ") || "none installed"})`, () => {
    for (const binary of olderNodes) {
      const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim().slice(1);
      for (const [, entry] of ENTRIES) {
        const result = spawnSync(binary, [entry!], { encoding: "utf8", timeout: 30_000 });
        expect(result.status, `${binary} ${entry}`).toBe(1);
        expect(result.stderr.trim(), `${binary} ${entry}`).toBe(nodeVersionRefusal(version, RANGE));
      }
    }
  });
});
