// Server start on the Node.js runtime (see instrumentation.ts). Production must not start without its
// secrets (scripts/start.mjs and server.ts check first, and exit; this covers anything else that
// loads the build); every start says which
// database and which rate limiter it uses, so an operator never has to guess; and it sets how far
// V8 lets the heap grow between full collections (tuneHeapGrowth, below). It also starts the job
// worker inside the server (startJobs, below; server.ts has already started it on a thread of its
// own on PostgreSQL) unless JOBS_IN_PROCESS=false leaves it to
// `npm run worker`.
export async function registerNode() {
  if (process.env.NODE_ENV === "production") {
    const { assertProductionSecrets } = await import("@/lib/platform/config/env");
    assertProductionSecrets();
  }
  await tuneHeapGrowth();
  const [{ describeTarget, resolveDatabaseTarget }, { apiRateLimitPerMinute, describeRateLimiter }, { describeMail }, { log }, { trustedProxyHops }, { jobsInProcess }] = await Promise.all([
    import("@/lib/platform/db/target"),
    import("@/lib/platform/ratelimit"),
    import("@/lib/platform/mail/config"),
    import("@/lib/platform/log/logger"),
    import("@/lib/platform/server/client-ip"),
    import("@/lib/platform/jobs/config"),
  ]);
  log.info(
    {
      database: describeTarget(resolveDatabaseTarget()),
      rateLimit: `${apiRateLimitPerMinute()} requests per minute per key, counted ${describeRateLimiter()}`,
      mail: describeMail(),
      trustedProxyHops: trustedProxyHops(),
      jobs: jobsInProcess() ? "worker in this process" : "no worker here (JOBS_IN_PROCESS=false: run `npm run worker`)",
    },
    "server starting",
  );
  if (jobsInProcess()) startJobs(log);
  if (process.env.NODE_ENV === "development" && process.env.DEV_WARMUP !== "false" && process.env.NEXTAUTH_URL) {
    const { warmFirstPages } = await import("@/lib/platform/server/dev-warmup");
    void warmFirstPages(new URL(process.env.NEXTAUTH_URL).origin, log);
  }
  const { privateNetworksAllowed } = await import("@/lib/domain/webhooks/address-policy");
  // Said once per start, where the developer looks: why a localhost receiver is accepted here and
  // would not be in production.
  if (privateNetworksAllowed()) {
    log.warn({}, "webhooks may go to http and private or loopback addresses on this server (development, or WEBHOOK_ALLOW_PRIVATE_NETWORKS=true); production refuses them");
  }
}

// Not awaited: the server serves while the worker connects. A worker that cannot start (the
// database is down at boot) is logged and tried again, so queued jobs wait rather than get lost.
function startJobs(log: { error: (fields: object, message: string) => void }, delayMs = 5_000) {
  void import("@/lib/surfaces/worker/app-worker")
    .then(({ startAppWorkerInProcess }) => startAppWorkerInProcess())
    .catch((error: unknown) => {
      log.error({ error: error instanceof Error ? error.message : String(error), retryInMs: delayMs }, "job worker did not start");
      setTimeout(() => startJobs(log, Math.min(delayMs * 2, 60_000)), delayMs).unref();
    });
}

// V8 lets the old generation grow to about 4x what survived the last full collection before it
// collects again. Under load the survivors are mostly short-lived request objects (and, for the
// rendered pages, large HTML and RSC strings) promoted from the young generation, so the heap
// filled far beyond what was live and the server sat at 430-445 MiB RSS under the benchmark's
// mixed load. Growing by 1.5x between collections instead: 400-405 MiB for ~3% more CPU per
// request (paired `npm run bench -- --scenarios mixed` runs; 1.35x saved nothing more). The young
// generation's size is set where the server is launched (scripts/lib/server-node-options.mjs):
// V8 reads it only when the process starts.
// HEAP_GROWING_PERCENT overrides; 0 keeps V8's own. The factor is read at each collection, so
// setting it at startup takes effect.
async function tuneHeapGrowth() {
  const percent = Number(process.env.HEAP_GROWING_PERCENT ?? 50);
  if (!Number.isInteger(percent) || percent <= 0 || process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) return;
  const v8 = await import("node:v8");
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
