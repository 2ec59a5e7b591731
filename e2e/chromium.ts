import fs from "node:fs";

// Debian's headless shell first: the same engine without the browser's interface (no window, tab
// strip or their renderers), which costs about a third less CPU per test than full Chromium run
// headless. Full Chromium still works when it is all a machine has.
const CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export const INSTALL_HINT =
  "No Chromium found for the browser tests. Install Debian's: `apt-get update && apt-get install -y chromium-headless-shell` " +
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

/**
 * Full Chromium, for the specs that need the browser's own policies: the headless shell ignores
 * the switch that blocks third-party cookies, which the widget's frames are tested under.
 */
export function fullChromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && !configured.includes("headless-shell")) return chromiumPath();
  const found = CANDIDATES.slice(1).find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error("The widget's browser tests need full Chromium (third-party cookies blocked): `apt-get install -y chromium`.");
  return found;
}
