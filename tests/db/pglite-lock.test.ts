import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSql, type SqlConnection } from "../../lib/platform/db/sql";

// Two processes on one PGlite folder would corrupt it, so the second opener must be turned away
// with a message a person can act on, and a lock left by a killed process must not brick the data.

const ROOT = path.resolve(import.meta.dirname, "../..");
// Each child process starts Node, tsx and PGlite: seconds each, many more on a loaded machine.
const CHILD_TIMEOUT = 120_000;

// Runs in a separate Node process. "read" prints the row or the open error; "hold" opens the
// folder, says so, and waits to be killed.
const CHILD = `
import { openSql } from ${JSON.stringify(pathToFileURL(path.join(ROOT, "lib/platform/db/sql.ts")).href)};
const [mode, dataDir] = process.argv.slice(2);
try {
  const conn = await openSql({ kind: "pglite", dataDir });
  if (mode === "hold") {
    console.log("holding");
    setInterval(() => {}, 1000);
  } else {
    const rows = await conn.query("SELECT note FROM notes ORDER BY id");
    console.log(JSON.stringify(rows));
    await conn.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
`;

let tmp: string;
let childScript: string;
let dataDir: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-lock-"));
  childScript = path.join(tmp, "child.mts");
  fs.writeFileSync(childScript, CHILD);
  dataDir = path.join(tmp, "data");
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runChild(mode: "read" | "hold", onStdout?: (text: string, kill: () => void) => void): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", childScript, mode, dataDir], {
      cwd: ROOT, // so `--import tsx` resolves from the repo's node_modules
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      onStdout?.(stdout, () => child.kill("SIGKILL"));
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("PGlite data folder lock", () => {
  it("turns a second process away while the folder is open, and lets it in afterwards", async () => {
    let conn: SqlConnection | undefined = await openSql({ kind: "pglite", dataDir });
    try {
      await conn.exec("CREATE TABLE notes (id serial PRIMARY KEY, note text NOT NULL)");
      await conn.query("INSERT INTO notes (note) VALUES ($1)", ["written by the test process"]);

      const refused = await runChild("read");
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`The embedded database at ${dataDir} is already open in another process`);
      expect(refused.stderr).toContain(`pid ${process.pid}`);

      // The refused opener must not have disturbed the open database.
      expect(await conn.query("SELECT note FROM notes")).toEqual([{ note: "written by the test process" }]);
    } finally {
      await conn.close();
      conn = undefined;
    }

    const reader = await runChild("read");
    expect(reader.stderr).toBe("");
    expect(reader.code).toBe(0);
    expect(JSON.parse(reader.stdout)).toEqual([{ note: "written by the test process" }]);
  }, CHILD_TIMEOUT);

  it("takes over the stale lock of a process killed with SIGKILL, with the data intact", async () => {
    const held = await runChild("hold", (stdout, kill) => {
      if (stdout.includes("holding")) kill();
    });
    expect(held.stdout).toContain("holding");
    expect(held.code).toBeNull(); // killed, so its exit handler never removed the lock
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);

    const reader = await runChild("read");
    expect(reader.stderr).toBe("");
    expect(reader.code).toBe(0);
    expect(JSON.parse(reader.stdout)).toEqual([{ note: "written by the test process" }]);

    // And this process can open it too, and write.
    const conn = await openSql({ kind: "pglite", dataDir });
    try {
      await conn.query("INSERT INTO notes (note) VALUES ($1)", ["after the crash"]);
      expect(await conn.query("SELECT note FROM notes ORDER BY id")).toEqual([
        { note: "written by the test process" },
        { note: "after the crash" },
      ]);
    } finally {
      await conn.close();
    }
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  }, CHILD_TIMEOUT);
});
