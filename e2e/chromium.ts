import fs from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export const INSTALL_HINT =
  "No Chromium found for the browser tests. Install Debian's: `apt-get update && apt-get install -y chromium` " +
  "(or set CHROMIUM_PATH to a Chromium or Chrome binary).";

export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist. ${INSTALL_HINT}`);
    return configured;
  }
  const found = CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}
