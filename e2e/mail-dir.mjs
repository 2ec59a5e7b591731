import os from "node:os";
import path from "node:path";

/** Where e2e/serve.mjs's SMTP server leaves the mail it received, one JSON file per message. */
export function e2eMailDir(port = process.env.E2E_PORT) {
  if (!port) throw new Error("E2E_PORT is not set: playwright.config.ts picks it for each run.");
  return path.join(os.tmpdir(), `wsp-e2e-mail-${port}`);
}
