// The migration bench (`npm run bench -- --migration`, or alone: `npx tsx scripts/bench/migration.ts`):
// in a database of its own, a workspace of 100,000 posts, 1,000,000 votes by 50,000 people and
// 200,000 comments is exported to this product's archive and imported into an empty workspace —
// upload, preview and run, as the job does them, on a thread started as the job worker's thread
// is (its young generation as small) — reporting the import's wall time and the growth of the
// process's resident memory over it (targets: under 3 minutes, under 200 MiB). Then a workspace of 1,000,000 posts is exported: rows per second (target ≥ 50,000)
// and the resident memory over the export (target: flat).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import pg from "pg";
import { applyMigrations } from "@/lib/platform/db/migrate";
import { openSql } from "@/lib/platform/db/sql";
import { tuneHeapGrowth } from "@/lib/platform/server/heap-growth";
import { JOB_THREAD_RESOURCE_LIMITS } from "@/lib/surfaces/worker/worker-thread";

const MiB = 1024 * 1024;

export interface MigrationBenchResult {
  importSeconds: number;
  importRssGrowthMiB: number;
  /** CPU seconds of this process over the import (user + system): on a shared machine, steadier than the wall time. */
  importCpuSeconds: number;
  importRows: { posts: number; votes: number; comments: number };
  archiveMiB: number;
  exportPosts: number;
  exportSeconds: number;
  exportRowsPerSecond: number;
  exportRssGrowthMiB: number;
  exportCpuSeconds: number;
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/** Peak resident memory above its level when started, sampled every 100 ms. */
function rssWatch() {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    return (peak - base) / MiB;
  };
}

// With BENCH_MEMORY_TRACE=1, where the import's resident memory goes: the import's thread samples
// its own heap (V8's used and committed, its malloc'ed memory, its ArrayBuffers' native memory)
// every second, and with --expose-gc also the live heap after a full collection every tenth
// second; the bench's thread reads the process's memory mappings at each peak of resident memory,
// telling glibc's malloc arenas ([heap] for the first, 64 MiB-aligned regions for the threads')
// from the rest (V8's pages, memory mapped by malloc for large blocks, stacks).
const TRACE = process.env.BENCH_MEMORY_TRACE === "1";

interface ThreadSample {
  seconds: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  malloced: number;
  /** Committed by the young generation (both semi-spaces and its large objects). */
  young: number;
  live?: number;
}

function threadSampler() {
  const started = Date.now();
  const samples: ThreadSample[] = [];
  let n = 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  const timer = setInterval(() => {
    n += 1;
    const usage = process.memoryUsage();
    const sample: ThreadSample = {
      seconds: (Date.now() - started) / 1000,
      rss: usage.rss / MiB,
      heapUsed: usage.heapUsed / MiB,
      heapTotal: usage.heapTotal / MiB,
      external: usage.external / MiB,
      arrayBuffers: usage.arrayBuffers / MiB,
      malloced: v8.getHeapStatistics().malloced_memory / MiB,
      young: v8
        .getHeapSpaceStatistics()
        .filter((space) => space.space_name.startsWith("new_"))
        .reduce((sum, space) => sum + space.space_size / MiB, 0),
    };
    if (gc && n % 10 === 0) {
      gc();
      sample.live = process.memoryUsage().heapUsed / MiB;
    }
    samples.push(sample);
  }, 1000);
  return () => {
    clearInterval(timer);
    return samples;
  };
}

/** Resident memory by kind of mapping, MiB. */
function mappings(): Record<string, number> {
  const out: Record<string, number> = { mainArena: 0, threadArenas: 0, otherAnonymous: 0, files: 0 };
  let kind = "files";
  for (const line of fs.readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      const start = parseInt(header[1]!, 16);
      const named = header[5]!;
      if (named === "[heap]") kind = "mainArena";
      else if (header[4] !== "0" || (named && !named.startsWith("["))) kind = "files";
      else if (start % (64 * MiB) === 0) kind = "threadArenas";
      else kind = "otherAnonymous";
      continue;
    }
    if (line.startsWith("Rss:")) out[kind]! += Number(line.split(/\s+/)[1]) / 1024;
  }
  return out;
}

function mappingWatch() {
  let peakRss = 0;
  let atPeak: Record<string, number> = {};
  const withMainHeap = () => ({ ...mappings(), benchThreadHeap: process.memoryUsage().heapTotal / MiB });
  const base = withMainHeap();
  const timer = setInterval(() => {
    const rss = process.memoryUsage().rss;
    if (rss > peakRss) {
      peakRss = rss;
      atPeak = withMainHeap();
    }
  }, 1000);
  return () => {
    clearInterval(timer);
    return { base, atPeak };
  };
}

async function recreate(url: string) {
  const name = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const conn = await openSql({ kind: "postgres", url });
  try {
    await applyMigrations(conn);
  } finally {
    await conn.close();
  }
}

// Everything generated inside PostgreSQL. Post p gets votes from people p, p + 5003, p + 10006, …
// (modulo the 50,000), so no one votes twice on a post.
async function seed(client: pg.Client, workspaceId: string, posts: number, votes: number, comments: number, people: number) {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q(`INSERT INTO "Workspace" (id, slug, name, plan, "updatedAt") VALUES ($1, $1, $1, 'PRO', now())`, [workspaceId]);
  await q(`INSERT INTO "Board" (id, "workspaceId", name, slug, "updatedAt") VALUES ($1 || '_board', $1, 'Feedback', 'feedback', now())`, [workspaceId]);
  await q(
    `INSERT INTO "User" (id, email, name, "updatedAt") SELECT $1 || '_u' || i, $1 || '-person' || i || '@example.test', 'Person ' || i, now() FROM generate_series(0, $2::int - 1) AS i ON CONFLICT DO NOTHING`,
    [workspaceId, people],
  );
  await q(
    `INSERT INTO "Post" (id, "workspaceId", "boardId", "authorId", title, body, status, tags, "createdAt", "updatedAt")
     SELECT $1 || '_p' || i, $1, $1 || '_board', $1 || '_u' || (i % $3::int), 'Feature request ' || i, repeat('It would help our team a lot. ', 3),
            (enum_range(NULL::"PostStatus"))[1 + i % 6], ARRAY['tag' || (i % 100), 'area' || (i % 7)],
            timestamptz '2026-01-01' + make_interval(secs => i), now()
     FROM generate_series(0, $2::int - 1) AS i`,
    [workspaceId, posts, people],
  );
  if (votes > 0) {
    await q(
      `INSERT INTO "Vote" (id, "workspaceId", "postId", "userId", "createdAt")
       SELECT $1 || '_v' || j, $1, $1 || '_p' || (j % $2::int), $1 || '_u' || (((j % $2::int) + (j / $2::int) * 5003) % $4::int), timestamptz '2026-03-01' + make_interval(secs => j)
       FROM generate_series(0, $3::int - 1) AS j`,
      [workspaceId, posts, votes, people],
    );
  }
  if (comments > 0) {
    await q(
      `INSERT INTO "Comment" (id, "workspaceId", "postId", "authorId", body, "createdAt", "updatedAt")
       SELECT $1 || '_c' || j, $1, $1 || '_p' || (j % $2::int), $1 || '_u' || (j % $4::int), 'Comment ' || j || ': we need this too.', timestamptz '2026-04-01' + make_interval(secs => j), now()
       FROM generate_series(0, $3::int - 1) AS j`,
      [workspaceId, posts, comments, people],
    );
  }
  await q(`ANALYZE`);
}

async function ownerOf(client: pg.Client, workspaceId: string) {
  const userId = `${workspaceId}_owner`;
  await client.query(`INSERT INTO "User" (id, email, name, "updatedAt", "emailVerifiedAt") VALUES ($1, $1 || '@example.test', 'Owner', now(), now())`, [userId]);
  await client.query(`INSERT INTO "Membership" (id, "workspaceId", "userId", role, "updatedAt") VALUES ($1 || '_m', $2, $1, 'OWNER', now())`, [userId, workspaceId]);
  return userId;
}

async function* fileChunks(file: string) {
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) yield new Uint8Array(chunk as Buffer);
}

interface ImportJob {
  archive: string;
  userId: string;
  workspaceId: string;
}

/**
 * A thread with the job worker thread's limits that loads the app's modules and waits; `run` has
 * it upload, preview and run the import. Loading is left out of the measure: the job worker's
 * thread has its modules loaded before any import.
 */
async function importThread(job: ImportJob) {
  const thread = new Worker(path.resolve("lib/surfaces/worker/thread-boot.mjs"), {
    name: "bench import",
    resourceLimits: JOB_THREAD_RESOURCE_LIMITS,
    workerData: { entry: import.meta.url, job },
  });
  const answer = <T>() =>
    new Promise<T>((resolve, reject) => {
      thread.once("message", resolve);
      thread.once("error", reject);
    });
  await answer<"ready">();
  return {
    async run() {
      const done = answer<ImportResult>();
      thread.postMessage("run");
      const result = await done;
      await thread.terminate();
      return result;
    },
  };
}

interface ImportResult {
  importSeconds: number;
  previewSeconds: number;
  samples?: ThreadSample[];
}

/** The import as the job does it, from the upload to the end of the run, with the app's modules loaded first. */
async function importer(job: ImportJob): Promise<() => Promise<ImportResult>> {
  const [{ startImport }, { previewImport, runImport }, { confirmImport }, { getWorkspaceActorOrThrow }] = await Promise.all([
    import("@/lib/domain/imports/start-import"),
    import("@/lib/domain/imports/run-import"),
    import("@/lib/domain/imports/confirm-import"),
    import("@/lib/domain/access/actor"),
  ]);
  const target = await getWorkspaceActorOrThrow(job.userId, job.workspaceId);
  return async () => {
    const stopSampler = TRACE ? threadSampler() : undefined;
    const started = Date.now();
    const run = await startImport(target, { source: "own" }, fileChunks(job.archive));
    await previewImport(target.workspaceId, run.id);
    const previewSeconds = (Date.now() - started) / 1000;
    await confirmImport(target, run.id);
    await runImport(target.workspaceId, run.id);
    return { importSeconds: (Date.now() - started) / 1000, previewSeconds, samples: stopSampler?.() };
  };
}

/** The thread's side. */
async function importOnThisThread(job: ImportJob) {
  const run = await importer(job);
  parentPort!.postMessage("ready");
  await new Promise((resolve) => parentPort!.once("message", resolve));
  parentPort!.postMessage(await run());
}

if (!isMainThread && (workerData as { job?: ImportJob })?.job) await importOnThisThread((workerData as { job: ImportJob }).job);

function logMemoryTrace(log: (line: string) => void, maps: { base: Record<string, number>; atPeak: Record<string, number> }, samples: ThreadSample[]) {
  const f = (value: number | undefined) => (value === undefined ? "" : value.toFixed(0));
  log("resident MiB by mapping, before the import → at its peak: " + Object.keys(maps.base).map((key) => `${key} ${f(maps.base[key])} → ${f(maps.atPeak[key])}`).join(", "));
  log("import thread, MiB: s, rss (process), heap used / committed (young), live after gc, malloced, external, arrayBuffers");
  const every = Math.max(1, Math.round(samples.length / 40));
  samples.forEach((s, i) => {
    if (i % every === 0 || s.live !== undefined || i === samples.length - 1)
      log(`  ${s.seconds.toFixed(0)} ${f(s.rss)} ${f(s.heapUsed)}/${f(s.heapTotal)} (${f(s.young)}) ${f(s.live)} ${f(s.malloced)} ${f(s.external)} ${f(s.arrayBuffers)}`);
  });
}

export async function runMigrationBench(options: { url: string; posts: number; votes: number; comments: number; exportPosts: number; log?: (line: string) => void }): Promise<MigrationBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  // How far the heap grows between full collections is the process's setting, which the server
  // makes when it starts and its job thread lives under (HEAP_GROWING_PERCENT=0: V8's own, ~4x).
  tuneHeapGrowth();
  await recreate(options.url);
  // The app's modules read the database from the environment when first loaded.
  process.env.DATABASE_URL = options.url;
  const [{ exportWorkspace }, { getWorkspaceActorOrThrow }] = await Promise.all([import("@/lib/domain/exports/export-workspace"), import("@/lib/domain/access/actor")]);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-migration-"));
  try {
    log(`seeding ${options.posts} posts, ${options.votes} votes, ${options.comments} comments…`);
    await seed(client, "mig_src", options.posts, options.votes, options.comments, 50_000);
    const source = await getWorkspaceActorOrThrow(await ownerOf(client, "mig_src"), "mig_src");
    const archive = path.join(dir, "source.zip");
    const exported = await exportWorkspace(source);
    await fs.promises.writeFile(archive, exported.stream as never);
    const archiveMiB = fs.statSync(archive).size / MiB;
    log(`archive: ${archiveMiB.toFixed(1)} MiB`);

    await client.query(`INSERT INTO "Workspace" (id, slug, name, plan, "updatedAt") VALUES ('mig_dst', 'mig_dst', 'Target', 'PRO', now())`);
    const job = { archive, userId: await ownerOf(client, "mig_dst"), workspaceId: "mig_dst" };
    // BENCH_IMPORT_ON=main: on the bench's own thread, as the separate job worker process
    // (`npm run worker`) runs its jobs, under the Node.js options the bench was started with.
    const thread = process.env.BENCH_IMPORT_ON === "main" ? { run: await importer(job) } : await importThread(job);
    global.gc?.();
    const stopImportWatch = rssWatch();
    const stopMappingWatch = TRACE ? mappingWatch() : undefined;
    const importCpu = process.cpuUsage();
    const { importSeconds, previewSeconds, samples } = await thread.run();
    const importRssGrowthMiB = stopImportWatch();
    const importCpuSeconds = cpuSeconds(importCpu);
    if (stopMappingWatch) logMemoryTrace(log, stopMappingWatch(), samples ?? []);
    const counts = await client.query<{ posts: number; votes: number; comments: number }>(
      `SELECT (SELECT count(*) FROM "Post" WHERE "workspaceId" = 'mig_dst')::int AS posts, (SELECT count(*) FROM "Vote" WHERE "workspaceId" = 'mig_dst')::int AS votes, (SELECT count(*) FROM "Comment" WHERE "workspaceId" = 'mig_dst')::int AS comments`,
    );
    log(`import: ${importSeconds.toFixed(1)} s (preview ${previewSeconds.toFixed(1)} s), RSS growth ${importRssGrowthMiB.toFixed(0)} MiB, CPU ${importCpuSeconds.toFixed(1)} s, rows ${JSON.stringify(counts.rows[0])}`);

    log(`seeding ${options.exportPosts} posts to export…`);
    await seed(client, "mig_big", options.exportPosts, 0, 0, 1_000);
    const big = await getWorkspaceActorOrThrow(await ownerOf(client, "mig_big"), "mig_big");
    global.gc?.();
    const stopExportWatch = rssWatch();
    const exportStarted = Date.now();
    const exportCpu = process.cpuUsage();
    const bigExport = await exportWorkspace(big);
    let bytes = 0;
    for await (const chunk of bigExport.stream as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
    const exportSeconds = (Date.now() - exportStarted) / 1000;
    const exportRssGrowthMiB = stopExportWatch();
    const exportCpuSeconds = cpuSeconds(exportCpu);
    const exportRowsPerSecond = options.exportPosts / exportSeconds;
    log(`export: ${options.exportPosts} posts in ${exportSeconds.toFixed(1)} s = ${Math.round(exportRowsPerSecond)} rows/s, ${(bytes / MiB).toFixed(1)} MiB, RSS growth ${exportRssGrowthMiB.toFixed(0)} MiB, CPU ${exportCpuSeconds.toFixed(1)} s`);
    return {
      importSeconds,
      importRssGrowthMiB,
      importCpuSeconds,
      importRows: counts.rows[0]!,
      archiveMiB,
      exportPosts: options.exportPosts,
      exportSeconds,
      exportRowsPerSecond,
      exportRssGrowthMiB,
      exportCpuSeconds,
    };
  } finally {
    await client.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({
    options: {
      posts: { type: "string", default: "100000" },
      votes: { type: "string", default: "1000000" },
      comments: { type: "string", default: "200000" },
      "export-posts": { type: "string", default: "1000000" },
    },
  });
  const url = process.env.BENCH_MIGRATION_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/bench_migration";
  const result = await runMigrationBench({ url, posts: Number(values.posts), votes: Number(values.votes), comments: Number(values.comments), exportPosts: Number(values["export-posts"]) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
