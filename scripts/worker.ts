import { jobsInProcess } from "../lib/platform/jobs/config";
import { startAppWorker } from "../lib/surfaces/worker/app-worker";
import { describeTarget, resolveDatabaseTarget } from "../lib/platform/db/target";
import { log } from "../lib/platform/log/logger";
import { tuneHeapGrowth } from "../lib/platform/server/heap-growth";
import { productionStartCheck } from "../lib/platform/config/production-checks.mjs";

// `npm run worker` (its compiled form, .server/worker.mjs, made by `npm run build`): the job worker
// alone, for deployments that run it apart from the web servers (set JOBS_IN_PROCESS=false on those). Any number may run against one PostgreSQL database. On
// embedded PGlite only one process can open the data folder, so there the worker runs inside the
// app (the default) and this command refuses while the app holds the folder.

// The worker is what sends the app's mail: in production it refuses, as the server does, to start
// without SMTP_URL or the operator's explicit MAIL_TRANSPORT=none, and says how mail will go out.
// (The check is lib/platform/config/production-checks.mjs, the server's; the worker alone signs no session.)
if (process.env.NODE_ENV === "production") {
  const check = productionStartCheck(process.env, { secrets: false });
  if (!check.ok) {
    console.error(check.message);
    process.exit(1);
  }
  log.info({}, check.mailLine);
}

// The heap grows between full collections as the server's does, its job thread's included: a
// large import held ~300 MiB more under V8's own factor.
tuneHeapGrowth();

const target = resolveDatabaseTarget();
const worker = await startAppWorker({ target });
log.info({ database: describeTarget(target), alsoInServers: jobsInProcess() }, "job worker running");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log.info({ signal }, "job worker stopping: finishing running jobs");
    void worker
      .stop({ graceful: true, timeoutMs: 20_000 })
      .catch((error: unknown) => log.error({ error: String(error) }, "job worker did not stop cleanly"))
      .finally(() => process.exit(0));
  });
}
