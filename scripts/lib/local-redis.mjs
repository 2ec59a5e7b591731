// The Redis behind `npm test`'s Upstash pass: the one at REDIS_URL (default 127.0.0.1:6379) when
// it answers, else a throwaway redis-server this run starts on a free port (nothing saved to disk)
// and stops at its end. Only a machine without redis-server installed has neither, and then the
// pass is skipped, or fails on CI.
import { spawn, spawnSync } from "node:child_process";
import net from "node:net";
import { freePort } from "./free-port.mjs";

/** Whether something accepts TCP connections at a redis:// URL within a second. */
export function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Whether `command` is an installed redis-server. */
export function redisServerInstalled(command = "redis-server") {
  const result = spawnSync(command, ["--version"], { encoding: "utf8", timeout: 10_000 });
  return result.status === 0 && /Redis server/i.test(result.stdout);
}

/**
 * Starts redis-server on a free loopback port, in memory only.
 * @returns {Promise<{ url: string; stop: () => Promise<void> } | null>} null when redis-server is
 *   not installed or did not come up within 10 s.
 */
export async function startLocalRedis(command = "redis-server") {
  if (!redisServerInstalled(command)) return null;
  const port = await freePort();
  const child = spawn(command, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const url = `redis://127.0.0.1:${port}`;
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (child.exitCode !== null) return null;
    if (await redisAnswers(url)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  return null;
}

/**
 * The Redis for the Upstash pass, and what to say about it.
 * @param {Record<string, string | undefined>} env
 * @returns {Promise<{ url: string; source: string; stop: () => Promise<void> } | { url: null; source: string }>}
 */
export async function findOrStartRedis(env = process.env) {
  const configured = env.REDIS_URL ?? "redis://127.0.0.1:6379";
  if (await redisAnswers(configured)) return { url: configured, source: env.REDIS_URL ? "REDIS_URL" : "found running locally", stop: async () => {} };
  // A REDIS_URL that does not answer is a mistake to report, not to work around.
  if (env.REDIS_URL) return { url: null, source: `no Redis at ${configured}` };
  const started = await startLocalRedis();
  if (started) return { ...started, source: "started for this run (redis-server, in memory)" };
  return { url: null, source: `no Redis at ${configured} and no redis-server installed to start one` };
}
