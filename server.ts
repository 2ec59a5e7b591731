// The one server, in production and in development: `npm start` runs its compiled form
// (.server/server.mjs, made by `npm run build`) after its checks and migrations, `npm run dev` runs
// this source with Next in development mode (--dev), and the end-to-end suite and the benchmark
// start it as `npm start` does. It is Next.js's documented custom server (next({ dev }),
// app.getRequestHandler(), node:http), behind the front door in lib/surfaces/front-door/front-door.ts: security
// headers, the client's address, refusals, body deadlines and caps, and the public fast lane. So
// development answers with the same headers and limits, and runs the same job worker.
//
// Run: `node .server/server.mjs [--port N] [--hostname H]` (PORT and HOSTNAME work too; without a
// hostname it listens on every interface, like `next start`). WebSocket upgrades are not served in
// production: the app has none, and Node closes sockets that ask for one (in development Next
// attaches its own, for hot reloading).
import path from "node:path";
import { parseArgs } from "node:util";
import next from "next";
import { startPublicCacheListener } from "@/lib/platform/cache/public-cache-listener";
import { resolveDatabaseTarget } from "@/lib/platform/db/target";
import { jobsInProcess, jobsOnOwnThread } from "@/lib/platform/jobs/config";
import { startInProcessJobWorker, stopInProcessJobWorker } from "@/lib/platform/jobs/worker";
import { startJobWorkerThread, type JobWorkerThread } from "@/lib/surfaces/worker/worker-thread";
import { log } from "@/lib/platform/log/logger";
import { memoryReleaseSettings, serverLimits } from "@/lib/platform/server/config";
import { createMemoryRelease, memoryReducingCollection } from "@/lib/platform/server/memory-release";
import { createFrontDoor } from "@/lib/surfaces/front-door/front-door";
import { nextApiRoutes } from "@/lib/surfaces/front-door/next-api-routes";
import { productionStartCheck } from "@/lib/platform/config/production-checks.mjs";
import { withoutReactAsyncTracking } from "@/lib/platform/server/react-async-tracking";

const { values: args } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" }, dev: { type: "boolean", default: false } },
});
const dev = args.dev;

// The refusals of `npm start`, here too, before anything loads: a container that runs the compiled
// server directly must refuse the same way. (Left to the instrumentation hook, a missing secret only
// failed the hook: Next.js logged it and the server listened all the same.) Development has its own
// secrets (scripts/dev.mjs) and keeps mail in the log.
if (!dev) {
  const check = productionStartCheck(process.env);
  if (!check.ok) {
    console.error(check.message);
    process.exit(1);
  }
}

// The project's folder (package.json, .next): this file's own, or its parent when this is the
// compiled copy in .server/.
const root = path.basename(import.meta.dirname) === ".server" ? path.dirname(import.meta.dirname) : import.meta.dirname;
const port = Number(args.port ?? process.env.PORT ?? 3000);
const hostname = args.hostname ?? process.env.HOSTNAME;
const limits = serverLimits();

// With source maps on, Node reads and keeps the map of every bundle Next loads (the build's server
// maps are ~38 MB): ~50 MiB more at rest and ~80 MiB more once the routes are loaded. tsx (which
// loads this source in development) turns them on for the whole process; off, unless
// SERVER_SOURCE_MAPS=true asks for error stacks that name the original sources.
if (process.env.SERVER_SOURCE_MAPS !== "true") process.setSourceMapsEnabled(false);

// Next is always told "localhost", whatever interface the server listens on: Next builds the
// proxy's request URL from this name but decides whether a rewrite stays inside the app by comparing
// it with an origin its router builds as "localhost" (for a custom server). Given any other name, the
// proxy's rewrite of a language address (/p/{slug}/de/… to /p/{slug}/…) looked like a rewrite to
// another site, was fetched over HTTP without its language, and every language page came out in the
// default language.
// The job worker, on PostgreSQL, gets a thread of its own, started before Next so that Next's
// instrumentation hook finds it and starts none on this thread. Embedded PGlite's one connection
// lives on this thread, and JOBS_THREAD=false asks for this thread: there the hook starts the
// worker here, inside Next's modules, so it shares their Prisma client and pools rather than load
// a second copy of them.
const target = resolveDatabaseTarget();
let jobThread: JobWorkerThread | null = null;
if (jobsInProcess() && target.kind === "postgres" && jobsOnOwnThread()) void startInProcessJobWorker(async () => (jobThread = startJobWorkerThread()));

// Before Next loads React's server renderer: in development it would otherwise track every
// asynchronous operation of the process in chains that only grow (lib/platform/server/react-async-tracking.ts).
if (dev && withoutReactAsyncTracking()) log.info({}, "development: React's async-operation tracking is off, which kept growing memory (DEV_REACT_ASYNC_DEBUG=true keeps it)");

const app = next({ dev, dir: root, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// Cached portal pages and public answers are dropped on every instance when the database says what
// changed (lib/platform/cache/public-cache-listener.ts). Embedded PGlite serves one process, whose own writes
// already drop what they change, and has no connection to listen on.
const listener = target.kind === "postgres" ? startPublicCacheListener({ url: target.url }) : null;

// After a busy spell, once no request has been in flight for a moment, both threads hand back the
// heap pages the spell grew into (lib/platform/server/memory-release.ts).
const memorySettings = memoryReleaseSettings();
const collect = memorySettings.quietMs > 0 ? memoryReducingCollection() : null;
const memory = collect
  ? createMemoryRelease({
      ...memorySettings,
      release: () => {
        collect();
        jobThread?.releaseMemory();
      },
      onReleased: (before, after, tookMs) => log.info({ beforeMiB: Math.round(before / 1048576), afterMiB: Math.round(after / 1048576), tookMs: Math.round(tookMs) }, "memory handed back after a busy spell"),
    })
  : null;

// The REST API's reads skip Next's router in production, answered by the route modules Next built
// and loaded; in development Next compiles (and reloads) the routes itself, so it answers them all.
const server = createFrontDoor((request, response) => handle(request, response), limits, { production: !dev, activity: memory, apiRoutes: dev ? null : nextApiRoutes(root) });
server.listen(port, hostname, () => {
  log.info({ port, hostname: hostname ?? "all interfaces", limits, mode: dev ? "development" : "production" }, "server listening");
  if (dev) console.log(`Ready on http://localhost:${port}`);
});

// On stop: no new requests, then the job worker finishes its running jobs (or hands them back for
// another worker to retry, after 20 s), then Next.js closes.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    memory?.stop();
    void listener?.stop();
    void stopInProcessJobWorker()
      .catch((error: unknown) => log.error({ error: String(error) }, "job worker did not stop cleanly"))
      .then(() => app.close())
      .finally(() => process.exit(0));
  });
}
