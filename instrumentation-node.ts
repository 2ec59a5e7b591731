// Server start on the Node.js runtime (see instrumentation.ts). Production must not start without its
// secrets (scripts/start.mjs and server.ts check first, and exit; this covers anything else that
// loads the build); every start says which
// database and which rate limiter it uses, so an operator never has to guess; and it sets how far
// V8 lets the heap grow between full collections (lib/platform/server/heap-growth.ts). It also
// starts the job worker inside the server (startJobs, below; server.ts has already started it on a thread of its
// own on PostgreSQL, unless JOBS_THREAD=false keeps it on this one) unless JOBS_IN_PROCESS=false
// leaves it to `npm run worker`.
export async function registerNode() {
  if (process.env.NODE_ENV === "production") {
    const { assertProductionSecrets } = await import("@/lib/platform/config/env");
    assertProductionSecrets();
  }
  const { tuneHeapGrowth } = await import("@/lib/platform/server/heap-growth");
  tuneHeapGrowth();
  const [{ describeTarget, resolveDatabaseTarget }, { apiRateLimitPerMinute, describeRateLimiter }, { describeMail }, { log }, { trustedProxyHops }, { jobsInProcess, jobsOnOwnThread }] = await Promise.all([
    import("@/lib/platform/db/target"),
    import("@/lib/platform/ratelimit"),
    import("@/lib/platform/mail/config"),
    import("@/lib/platform/log/logger"),
    import("@/lib/platform/server/client-ip"),
    import("@/lib/platform/jobs/config"),
  ]);
  const target = resolveDatabaseTarget();
  const jobs = !jobsInProcess()
    ? "no worker here (JOBS_IN_PROCESS=false: run `npm run worker`)"
    : target.kind !== "postgres"
      ? "worker in this process, on the server's thread (the embedded database)"
      : jobsOnOwnThread()
        ? "worker in this process, on a thread of its own"
        : "worker in this process, on the server's thread (JOBS_THREAD=false)";
  log.info(
    {
      database: describeTarget(target),
      rateLimit: `${apiRateLimitPerMinute()} requests per minute per key, counted ${describeRateLimiter()}`,
      mail: describeMail(),
      trustedProxyHops: trustedProxyHops(),
      jobs,
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

