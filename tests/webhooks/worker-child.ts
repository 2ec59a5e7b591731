import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// Starts tests/webhooks/worker-process.ts as a child process with this test's environment (its
// database unless `databaseUrl` says otherwise) and resolves once its worker polls.
export interface WorkerChild {
  process: ChildProcess;
  output: () => string;
  /** The exit code, or null while it runs. */
  exited: () => number | string | null;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startWorkerChild(env: Record<string, string> = {}): Promise<WorkerChild> {
  // Node itself with tsx's loader, not the tsx command (which runs the script in a grandchild that
  // a kill of its parent would leave running).
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/webhooks/worker-process.ts")], {
    env: { ...process.env, JOBS_IN_PROCESS: "false", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let exit: number | string | null = null;
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const ended = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = code ?? signal;
      resolve();
    }),
  );
  const deadline = Date.now() + 60_000;
  while (!output.includes("worker ready")) {
    if (exit !== null) throw new Error(`worker process exited (${exit}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`worker process did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    process: child,
    output: () => output,
    exited: () => exit,
    async kill(signal = "SIGKILL") {
      if (exit === null) child.kill(signal);
      await ended;
    },
  };
}
