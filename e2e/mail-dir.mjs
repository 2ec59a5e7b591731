import os from "node:os";
import path from "node:path";

/** Where e2e/serve.mjs's SMTP server leaves the mail it received, one JSON file per message. */
export function e2eMailDir(port = process.env.E2E_PORT ?? "3200") {
  return path.join(os.tmpdir(), `wsp-e2e-mail-${port}`);
}
