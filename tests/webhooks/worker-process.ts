import { startAppWorker } from "@/lib/surfaces/worker/app-worker";

// A job worker in a process of its own, for tests that kill it or take its database away: it
// connects to DATABASE_URL as given (a relay the test can cut), says "ready" once it polls, and
// runs until it is killed. Expired jobs are looked for every second rather than every minute.
const worker = await startAppWorker({ pollIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
process.stdout.write("worker ready\n");
process.once("SIGTERM", () => {
  void worker.stop({ graceful: true, timeoutMs: 5_000 }).finally(() => process.exit(0));
});
