import v8 from "node:v8";

// V8 lets the old generation grow to about 4x what survived the last full collection before it
// collects again. Under load the survivors are mostly short-lived request objects (and, for the
// rendered pages, large HTML and RSC strings) promoted from the young generation, so the heap
// filled far beyond what was live and the server sat at 430-445 MiB RSS under the benchmark's
// mixed load. Growing by 1.5x between collections instead: 400-405 MiB for ~3% more CPU per
// request (paired `npm run bench -- --scenarios mixed` runs; 1.35x saved nothing more). The young
// generation's size is set where the server is launched (scripts/lib/server-node-options.mjs):
// V8 reads it only when the process starts.
//
// The setting is the process's, not a thread's: the server's job worker thread grows by the same
// factor, and so does the separate job worker (`npm run worker`), which calls this too. A large
// import is where it shows most: it promotes every batch it reads to the old generation (a batch
// waits there while the one before is written), and at 4x an import whose live heap is ~100 MiB
// held ~300 MiB more (docs/benchmarks.md, "Import and export").
//
// HEAP_GROWING_PERCENT overrides; 0 keeps V8's own, as does a --heap-growing-percent given to
// Node.js itself. The factor is read at each collection, so setting it at startup takes effect.
export function tuneHeapGrowth(env: Record<string, string | undefined> = process.env): void {
  const percent = Number(env.HEAP_GROWING_PERCENT ?? 50);
  if (!Number.isInteger(percent) || percent <= 0) return;
  if ([...process.execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)].some((arg) => arg.startsWith("--heap-growing-percent"))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
