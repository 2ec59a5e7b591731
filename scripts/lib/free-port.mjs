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

/** The first port the kernel hands out to outgoing connections (Linux's default when unreadable). */
function ephemeralFloor() {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/**
 * A free port below the range the kernel gives outgoing connections, for a server that starts long
 * after its port is chosen (a spec's stand-in for an outside API, told to the app at start). A port
 * from listen(0) is in that range: minutes later a connection's local end may hold it, and the
 * server's listen fails with EADDRINUSE. Below it, only another listener can take it.
 * @returns {Promise<number>}
 */
export async function freeListeningPort() {
  const floor = Math.max(1025, Math.min(ephemeralFloor(), 65536));
  const low = Math.max(1024, floor - 12000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (floor - low));
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return freePort();
}

/** @returns {number} */
export function freeListeningPortSync() {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--below-ephemeral"], { encoding: "utf8", timeout: 30_000 });
  const port = Number(result.stdout);
  if (result.status !== 0 || !Number.isInteger(port) || port <= 0) throw new Error(`No free port: ${result.stderr || result.error}`);
  return port;
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(String(process.argv[2] === "--below-ephemeral" ? await freeListeningPort() : await freePort()));
}
