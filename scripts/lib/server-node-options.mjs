// How the production server's process is launched (`npm start`, the benchmark, the end-to-end
// server), and the separate job worker's (`npm run worker`): settings that Node.js and the C
// library read only when the process starts, so the process cannot apply them to itself.
//
// --max-semi-space-size=16 (MiB): on a machine with gigabytes of memory Node 24 gives each of the
// young generation's two halves 64 MiB, and a server under load fills and keeps all 128 MiB of it
// (measured: 128 MiB of the 450 MiB resident after the benchmark's scenarios). 16 MiB halves keep
// the young generation at 32 MiB. The flag is the process's and wins over a thread's own limit:
// the server's job worker thread gets the same 32 MiB (measured), whatever its resourceLimits say,
// and so does the separate job worker, which runs its jobs on its main thread.
//
// MALLOC_ARENA_MAX=2: glibc gives every thread that allocates its own malloc arena (up to eight per
// core), and the server has many (the job worker's thread, libuv's pool, V8's helpers); each arena
// keeps the memory it once held. Two arenas hold less.
//
// An operator's own value wins: a --max-semi-space-size already in NODE_OPTIONS, a MALLOC_ARENA_MAX
// already set.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];
export const SERVER_MALLOC_ARENA_MAX = "2";

/** `env` with SERVER_NODE_FLAGS added to NODE_OPTIONS and MALLOC_ARENA_MAX set, except what the operator already set. */
export function withServerNodeOptions(env) {
  const current = env.NODE_OPTIONS ?? "";
  const missing = SERVER_NODE_FLAGS.filter((flag) => !current.includes(flag.split("=")[0]));
  return { ...env, NODE_OPTIONS: [current, ...missing].filter(Boolean).join(" "), MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || SERVER_MALLOC_ARENA_MAX };
}
