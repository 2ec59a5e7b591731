#!/usr/bin/env node
// A TCP port nothing listens on right now, from the kernel (listen on port 0), so that two test
// runs on one machine never fight over a fixed port. Run as a script it prints the port, for
// callers that cannot await (playwright.config.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** @returns {number} */
export function freePortSync() {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { encoding: "utf8", timeout: 30_000 });
  const port = Number(result.stdout);
  if (result.status !== 0 || !Number.isInteger(port) || port <= 0) throw new Error(`No free port: ${result.stderr || result.error}`);
  return port;
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(String(await freePort()));
}
