import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";

// `npm run dev` is the quick start, exactly as the README has it (no configuration, embedded
// PGlite, the demo login printed), and runs the production server's own front door with Next in
// development mode: the same base security headers, the same refusals, the same x-client-ip.
// (Its own data folder and secrets file, so a developer's .data/ is never touched.)

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "wsp-dev-"));
let dev: ChildProcess;
let output = "";

beforeAll(async () => {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), PORT: String(PORT), PGLITE_DATA_DIR: path.join(scratch, "pglite"), DEV_SECRETS_FILE: path.join(scratch, "secrets.json"), LOG_LEVEL: "warn" };
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "NODE_ENV", "NEXTAUTH_SECRET", "API_KEY_SECRET", "NEXTAUTH_URL", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID"]) delete env[name];
  dev = spawn(process.execPath, ["scripts/dev.mjs", "--hostname", "127.0.0.1"], { env: env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  dev.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  for (const begun = Date.now(); ; ) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited with ${dev.exitCode}:\n${output}`);
    if (await fetch(`${BASE}/robots.txt`).then(() => true, () => false)) return;
    if (Date.now() - begun > 240_000) throw new Error(`npm run dev did not answer within 240 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 300_000);

afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once("exit", resolve));
    process.kill(-dev.pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (dev.exitCode === null) process.kill(-dev.pid, "SIGKILL");
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

it("prints the demo login on embedded PGlite", () => {
  expect(output).toContain("Demo login: demo@example.com / demo-password");
  expect(output).toContain(`Database: PGlite (${path.join(scratch, "pglite")})`);
});

it("answers with the front door's security headers, and Next in development mode behind it", async () => {
  const response = await fetch(`${BASE}/robots.txt`);
  expect(response.status).toBe(200);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
  // No HSTS from a development server on plain http://localhost.
  expect(response.headers.get("strict-transport-security")).toBeNull();
});

it("refuses what the front door refuses, before Next sees it", async () => {
  const response = await fetch(`${BASE}/p/%E0%A4%A`);
  expect(response.status).toBe(400);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
});
