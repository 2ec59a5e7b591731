import { spawn, type ChildProcess } from "node:child_process";
import { withServerNodeOptions } from "../../scripts/lib/server-node-options.mjs";

/**
 * The production server (compiled .server/server.mjs, as `npm start` runs it) on `port`, with the
 * environment of this test process plus `env`; resolves once /api/health answers. Needs
 * `npm run build` (the run's global setup compiles the server itself; Next's build is the build's). With
 * `logLines`, each line the server writes to stdout (its structured log) is pushed onto it.
 */
export async function startProductionServer(port: number, env: Record<string, string> = {}, waitMs = 120_000, logLines?: string[]): Promise<ChildProcess> {
  const server = spawn(process.execPath, [".server/server.mjs", "--port", String(port), "--hostname", "127.0.0.1"], {
    // No mail from these servers unless a test gives one an SMTP_URL: production needs that choice
    // made (MAIL_TRANSPORT=none).
    env: withServerNodeOptions({ ...process.env, NODE_ENV: "production", NEXTAUTH_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn", ...(env.SMTP_URL ? {} : { MAIL_TRANSPORT: "none" }), ...env }),
    stdio: ["ignore", logLines ? "pipe" : "ignore", "inherit"],
  });
  if (logLines) {
    let partial = "";
    server.stdout!.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop()!;
      logLines.push(...lines.filter(Boolean));
    });
  }
  for (let waited = 0; ; waited += 250) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then(() => true, () => false)) return server;
    if (waited > waitMs) {
      server.kill("SIGKILL");
      throw new Error(`the server did not answer within ${waitMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
