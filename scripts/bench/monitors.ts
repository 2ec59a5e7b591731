// The monitor scenario of `npm run bench -- --monitors`: 1,000 HTTP monitors at 30 s against local
// targets, on one instance of the production build (its own worker, as deployed). Reported:
// - each check's start lag behind its due time (p50, p99, max), from when the target saw it;
// - the app's request latency (GET /api/v1/posts) with no monitors, then with the 1,000 running;
// - server CPU per check, over a window with no other load;
// - the database growth per day of raw results (kept 7 days, then only hourly and daily sums).
import net, { type AddressInfo } from "node:net";
import pg from "pg";
import { runLoad, type LoadResult } from "./load";
import { BENCH } from "./seed";

export const MONITORS = 1_000;
const INTERVAL_SECONDS = 30;
const TARGETS = 4;
const OBSERVE_SECONDS = 60;

interface Target {
  url: string;
  /** monitor id → arrival times (ms) */
  arrivals: Map<string, number[]>;
  close(): Promise<void>;
}

// A bare HTTP/1.1 responder (as the webhook scenario's receivers): the targets share the machine's
// cores with the server under test, so they cost as little as a correct answer allows.
const ANSWER = Buffer.from("HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok");

async function target(): Promise<Target> {
  const arrivals = new Map<string, number[]>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let head = "";
    socket.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      const id = /^GET \/m\/([^ ?]+)/.exec(head)?.[1];
      if (id) arrivals.set(id, [...(arrivals.get(id) ?? []), Date.now()]);
      socket.end(ANSWER);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface MonitorBenchOptions {
  databaseUrl: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Server CPU seconds so far (all its threads). */
  serverCpuSeconds: () => number;
}

export interface MonitorBenchResult {
  monitors: number;
  checks: number;
  lagMs: { p50: number; p99: number; max: number };
  within2s: number;
  latencyWithout: LoadResult["latencyMs"];
  latencyWith: LoadResult["latencyMs"];
  rpsWithout: number;
  rpsWith: number;
  cpuMsPerCheck: number;
  bytesPerCheck: number;
  mibPerDay: number;
}

export async function runMonitorBench(base: string, apiKey: string, options: MonitorBenchOptions): Promise<MonitorBenchResult> {
  const read = { url: `${base}/api/v1/posts?limit=20`, method: "GET" as const, headers: { authorization: `Bearer ${apiKey}` } };
  const load = () => runLoad(read, { connections: options.connections, warmupSeconds: options.warmupSeconds, durationSeconds: options.durationSeconds, onPhase: () => undefined });
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const targets = await Promise.all(Array.from({ length: TARGETS }, () => target()));
  try {
    await client.query(`DELETE FROM "Monitor" WHERE "workspaceId" = $1`, [BENCH.workspaceId]);
    const without = await load();

    // 1,000 monitors through the API, as an admin would add them, spread over the targets.
    const started = Date.now();
    for (let n = 0; n < MONITORS; n++) {
      const response = await fetch(`${base}/api/v1/monitors`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ kind: "http", componentId: "bench_component_1", name: `Bench ${n}`, url: `${targets[n % TARGETS]!.url}/m/PLACEHOLDER`, intervalSeconds: INTERVAL_SECONDS, timeoutMs: 5_000 }),
      });
      if (response.status !== 201) throw new Error(`POST /monitors: HTTP ${response.status} ${await response.text()}`);
      const { data } = (await response.json()) as { data: { id: string; url: string } };
      // Each monitor names itself in its path, so a target knows whose check it is.
      await client.query(`UPDATE "Monitor" SET url = replace(url, 'PLACEHOLDER', id) WHERE id = $1`, [data.id]);
    }
    console.log(`  ${MONITORS} monitors added in ${((Date.now() - started) / 1000).toFixed(1)} s; letting one interval pass before measuring`);
    await new Promise((resolve) => setTimeout(resolve, (INTERVAL_SECONDS + 2) * 1000));

    // Idle window: checks only, for CPU per check and rows per check.
    for (const t of targets) t.arrivals.clear();
    const countRows = async () => ((await client.query(`SELECT count(*)::int AS n FROM "MonitorCheck"`)).rows[0] as { n: number }).n;
    const rowsBefore = await countRows();
    const cpuBefore = options.serverCpuSeconds();
    const observeStart = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OBSERVE_SECONDS * 1000));
    const cpuUsed = options.serverCpuSeconds() - cpuBefore;
    const rowsAfter = await countRows();
    const checks = rowsAfter - rowsBefore;
    const observedSeconds = (Date.now() - observeStart) / 1000;

    // The lag of each check's start behind its slot: a monitor's slots are its next check time
    // modulo the interval, so each arrival's lag is its distance past the latest slot.
    const phases = new Map(((await client.query(`SELECT id, "nextCheckAt" FROM "Monitor" WHERE "workspaceId" = $1`, [BENCH.workspaceId])).rows as { id: string; nextCheckAt: Date }[]).map((row) => [row.id, row.nextCheckAt.getTime()]));
    const intervalMs = INTERVAL_SECONDS * 1000;
    const lags: number[] = [];
    for (const t of targets) {
      for (const [id, times] of t.arrivals) {
        const phase = phases.get(id);
        if (phase === undefined) continue;
        for (const at of times) lags.push((((at - phase) % intervalMs) + intervalMs) % intervalMs);
      }
    }
    const withMonitors = await load();

    const { bytes } = (await client.query(`SELECT pg_total_relation_size('"MonitorCheck"')::float8 AS bytes`)).rows[0] as { bytes: number };
    const bytesPerCheck = bytes / Math.max(1, rowsAfter);
    const checksPerDay = (checks / observedSeconds) * 86_400;
    return {
      monitors: MONITORS,
      checks,
      lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags) },
      within2s: lags.filter((lag) => lag <= 2_000).length / Math.max(1, lags.length),
      latencyWithout: without.latencyMs,
      latencyWith: withMonitors.latencyMs,
      rpsWithout: without.rps,
      rpsWith: withMonitors.rps,
      cpuMsPerCheck: (cpuUsed * 1000) / Math.max(1, checks),
      bytesPerCheck,
      mibPerDay: (checksPerDay * bytesPerCheck) / 1024 / 1024,
    };
  } finally {
    await client.query(`DELETE FROM "Monitor" WHERE "workspaceId" = $1`, [BENCH.workspaceId]).catch(() => undefined);
    await client.end();
    await Promise.all(targets.map((t) => t.close()));
  }
}

export function describeMonitorBench(result: MonitorBenchResult): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const change = (result.latencyWith.p99 / result.latencyWithout.p99 - 1) * 100;
  return [
    "",
    `Monitors: ${result.monitors} HTTP monitors at 30 s against local targets (${result.checks} checks in the observed minute)`,
    `  start lag behind due time: p50 ${ms(result.lagMs.p50)}, p99 ${ms(result.lagMs.p99)}, max ${ms(result.lagMs.max)}; within 2 s: ${(result.within2s * 100).toFixed(2)}%`,
    `  GET /api/v1/posts without monitors: ${result.rpsWithout.toFixed(0)} req/s, p50 ${ms(result.latencyWithout.p50)}, p99 ${ms(result.latencyWithout.p99)}`,
    `  GET /api/v1/posts with them running: ${result.rpsWith.toFixed(0)} req/s, p50 ${ms(result.latencyWith.p50)}, p99 ${ms(result.latencyWith.p99)} (p99 ${change >= 0 ? "+" : ""}${change.toFixed(1)}%)`,
    `  server CPU per check: ${result.cpuMsPerCheck.toFixed(2)} ms`,
    `  raw results: ${result.bytesPerCheck.toFixed(0)} bytes per check with indexes → ${result.mibPerDay.toFixed(0)} MiB per day at this rate (kept 7 days, then hourly/daily sums: ${(result.mibPerDay * 7).toFixed(0)} MiB steady)`,
  ].join("\n");
}
