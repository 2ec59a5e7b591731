// V8 flags the production server is launched with (`npm start`, the e2e server and the benchmark).
//
// --max-semi-space-size=32 (MiB, default 16): a request allocates a few hundred short-lived
// objects (Request, headers, streams, Prisma's query state), and with the default young
// generation many of them survive a scavenge only because it came too soon, get copied, and are
// promoted to the old generation. Doubling it measured, in paired `npm run bench` runs here,
// +13% req/s and -15% CPU per request for ~+35 MiB RSS (64 MiB gained nothing more and cost
// ~+90 MiB). Unlike the heap growth factor (instrumentation.ts), V8 reads it only at launch, so it
// has to be a command-line flag; an operator's own value in NODE_OPTIONS wins.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];

/** `env` with SERVER_NODE_FLAGS added to NODE_OPTIONS, except flags the operator already set. */
export function withServerNodeOptions(env) {
  const current = env.NODE_OPTIONS ?? "";
  const missing = SERVER_NODE_FLAGS.filter((flag) => !current.includes(flag.split("=")[0]));
  return { ...env, NODE_OPTIONS: [current, ...missing].filter(Boolean).join(" ") };
}
