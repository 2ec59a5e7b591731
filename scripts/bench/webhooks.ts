// The webhook write scenario of `npm run bench -- --webhooks`, all receivers local:
// - the comparison: POST /api/v1/posts with no endpoint subscribed and with 3, for WEBHOOK_ROUNDS
//   rounds, the order of the two alternating; the write rate of each case over all rounds, deliveries per second
//   during the writes, and commit-to-receiver p50/p99 (the event's timestamp to the receiver's clock);
// - capacity: writes with 10 endpoints subscribed, which offer more deliveries than the worker sends,
//   so the rate from the first write to the last arrival is the worker's sustained rate;
// - a hanging endpoint beside the 3: whether it slows their deliveries.
// Deliveries need the event log's post.created events.
import net, { type AddressInfo } from "node:net";
import { runLoad, type LoadResult } from "./load";
import { BENCH } from "./seed";

interface Receiver {
  url: string;
  latenciesMs: number[];
  /** The receiver's clock at each counted delivery. */
  arrivals: number[];
  close(): Promise<void>;
}

// A receiver is a bare HTTP/1.1 responder on a socket rather than Node's HTTP server: in a
// deployment the receivers run elsewhere, and here they share the machine's two cores with the
// server under test, so they are kept as cheap as a correct answer allows (keep-alive, the whole
// body read, 200 with no body). A hanging one reads the request and never answers.
const ANSWER = Buffer.from("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n");
const HEAD_END = Buffer.from("\r\n\r\n");

async function receiver(hang: boolean): Promise<Receiver> {
  const latenciesMs: number[] = [];
  const arrivals: number[] = [];
  const take = (body: Buffer) => {
    try {
      const { timestamp } = JSON.parse(body.toString("utf8")) as { timestamp: string };
      latenciesMs.push(Date.now() - Date.parse(timestamp));
      arrivals.push(Date.now());
    } catch {
      // not a Standard Webhooks body: not counted
    }
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let pending: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        const headEnd = pending.indexOf(HEAD_END);
        if (headEnd < 0) return;
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(pending.subarray(0, headEnd).toString("latin1"))?.[1] ?? 0);
        const end = headEnd + HEAD_END.length + length;
        if (pending.length < end) return;
        const body = pending.subarray(headEnd + HEAD_END.length, end);
        pending = pending.subarray(end);
        if (hang) continue;
        take(body);
        socket.write(ANSWER);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    latenciesMs,
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

async function api(base: string, apiKey: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: { id: string } };
}

/** Waits until the receivers have had nothing new for `quietMs` (at most `maxMs`); returns when the last arrived. */
async function settled(receivers: Receiver[], quietMs: number, maxMs: number): Promise<number> {
  const deadline = Date.now() + maxMs;
  const last = () => Math.max(0, ...receivers.map((target) => target.arrivals.at(-1) ?? 0));
  while (Date.now() < deadline && Date.now() - last() < quietMs) await new Promise((resolve) => setTimeout(resolve, 200));
  while (Date.now() < deadline) {
    const before = last();
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    if (last() === before) break;
  }
  return last();
}

export interface WebhookBenchResult {
  /** Each round's writes with no endpoint and with 3, measured one after the other. */
  rounds: { without: LoadResult; with: LoadResult }[];
  /** The rounds' total writes with 3 endpoints over their total with none. */
  ratio: number;
  /** Deliveries reaching the receivers per second while the 3-endpoint writes ran (every round). */
  deliveredPerSecond: number;
  /** The capacity phase: writes to CAPACITY_ENDPOINTS endpoints, more than the worker can deliver. */
  capacity: { endpoints: number; writesPerSecond: number; deliveries: number; perSecond: number; seconds: number };
  commitToReceiverMs: { p50: number; p99: number };
  /** p50 of the healthy endpoints with a hanging one beside them, against without it. */
  hangingEffect: { p50With: number; p50Without: number };
  /** CPU ms per write in each case, by part of the machine, over the measured windows. */
  cpuMsPerWrite?: { without: Record<string, number>; with: Record<string, number> };
}

/** Rounds of the write comparison: the rate of one server moves from minute to minute, so the two
 * cases take turns going first and each is measured as often as the other. */
export const WEBHOOK_ROUNDS = 3;
/** Enough endpoints that the writes offer more deliveries than the worker sends: what reaches the
 * receivers is then its sustained rate, not the writes' rate times three. */
const CAPACITY_ENDPOINTS = 10;

export interface WebhookBenchOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  rounds?: number;
  /** Runs before each measured phase of the comparison (the bench vacuums the tables writes churn). */
  betweenPhases(): Promise<void>;
  /** CPU seconds used so far, by part of the machine (read around each measured window). */
  cpu?(): Record<string, number>;
}

export async function runWebhookBench(base: string, apiKey: string, options: WebhookBenchOptions): Promise<WebhookBenchResult> {
  const write = {
    url: `${base}/api/v1/posts`,
    method: "POST" as const,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ boardId: BENCH.boardId, title: "Webhook benchmark write", body: "Written under load.", tags: ["bench"] }),
  };
  const { connections, warmupSeconds, durationSeconds } = options;
  // CPU seconds by part over the measured windows of each case, summed over the rounds.
  const cpuUsed = { without: {} as Record<string, number>, with: {} as Record<string, number> };
  const load = (tally?: Record<string, number>) => {
    let before: Record<string, number> = {};
    return runLoad(write, {
      connections,
      warmupSeconds,
      durationSeconds,
      onPhase: (phase) => {
        if (!tally || !options.cpu) return;
        if (phase === "measuring") before = options.cpu();
        else for (const [part, seconds] of Object.entries(options.cpu())) tally[part] = (tally[part] ?? 0) + seconds - (before[part] ?? 0);
      },
    });
  };
  const subscribe = async (targets: Receiver[]) => {
    const ids: string[] = [];
    for (const target of targets) ids.push((await api(base, apiKey, "POST", "/webhooks", { url: target.url, eventTypes: ["post.created"] })).data.id);
    return ids;
  };
  const unsubscribe = async (ids: string[]) => {
    for (const id of ids) await api(base, apiKey, "DELETE", `/webhooks/${id}`).catch(() => undefined);
  };
  const forget = (targets: Receiver[]) => {
    for (const target of targets) {
      target.latenciesMs.length = 0;
      target.arrivals.length = 0;
    }
  };

  const healthy = await Promise.all([receiver(false), receiver(false), receiver(false)]);
  const extra = await Promise.all(Array.from({ length: CAPACITY_ENDPOINTS - healthy.length }, () => receiver(false)));
  const created: string[] = [];
  try {
    // The comparison: each round, writes with none subscribed and writes with the 3 healthy
    // receivers (subscribed for that phase only, every delivery arrived before the next phase
    // begins). Which case goes first alternates from round to round, so a drift of the server's
    // rate over the run weighs on both alike; each phase starts from tables just vacuumed.
    const rounds: WebhookBenchResult["rounds"] = [];
    const latencies: number[] = [];
    let delivered = 0;
    let writingMs = 0;
    // The uncounted first phase's CPU is not tallied either.
    let counting = false;
    const withoutEndpoints = async () => {
      await options.betweenPhases();
      return load(counting ? cpuUsed.without : undefined);
    };
    const withEndpoints = async () => {
      const ids = await subscribe(healthy);
      created.push(...ids);
      forget(healthy);
      await options.betweenPhases();
      const started = Date.now();
      const result = await load(counting ? cpuUsed.with : undefined);
      const ended = Date.now();
      await settled(healthy, 2_000, 120_000);
      await unsubscribe(ids);
      latencies.push(...healthy.flatMap((target) => target.latenciesMs));
      delivered += healthy.flatMap((target) => target.arrivals).filter((at) => at >= started && at <= ended).length;
      writingMs += ended - started;
      return result;
    };
    // A first phase, not counted, with the endpoints subscribed: the first minute of writes and of
    // deliveries is their slowest (code still being compiled, caches and connections filling),
    // and would weigh on whichever case met it first.
    await withEndpoints();
    [latencies.length, delivered, writingMs] = [0, 0, 0];
    counting = true;
    for (let round = 0; round < (options.rounds ?? WEBHOOK_ROUNDS); round++) {
      if (round % 2 === 0) {
        const without = await withoutEndpoints();
        rounds.push({ without, with: await withEndpoints() });
      } else {
        const withThree = await withEndpoints();
        rounds.push({ without: await withoutEndpoints(), with: withThree });
      }
    }
    const total = (pick: (entry: WebhookBenchResult["rounds"][number]) => LoadResult) => rounds.reduce((sum, entry) => sum + pick(entry).requests, 0);

    // Capacity: every write offers CAPACITY_ENDPOINTS deliveries; the rate counts every arrival of
    // those writes, from the first write to the last arrival.
    const all = [...healthy, ...extra];
    forget(all);
    const capacityIds = await subscribe(all);
    created.push(...capacityIds);
    const started = Date.now();
    const capacityLoad = await load();
    const lastArrival = await settled(all, 2_000, 180_000);
    await unsubscribe(capacityIds);
    const arrived = all.flatMap((target) => target.arrivals).filter((at) => at >= started).length;
    const capacitySeconds = Math.max(0.001, (lastArrival - started) / 1000);
    const capacity = { endpoints: all.length, writesPerSecond: capacityLoad.rps, deliveries: arrived, perSecond: arrived / capacitySeconds, seconds: capacitySeconds };

    const hanging = await receiver(true);
    try {
      const ids = await subscribe([...healthy, hanging]);
      created.push(...ids);
      forget(healthy);
      await load();
      await settled(healthy, 2_000, 120_000);
      const withHanging = healthy.flatMap((target) => target.latenciesMs);
      return {
        rounds,
        ratio: total((entry) => entry.with) / total((entry) => entry.without),
        deliveredPerSecond: delivered / (writingMs / 1000),
        capacity,
        commitToReceiverMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
        hangingEffect: { p50With: percentile(withHanging, 50), p50Without: percentile(latencies, 50) },
        ...(options.cpu
          ? { cpuMsPerWrite: { without: perWrite(cpuUsed.without, total((entry) => entry.without)), with: perWrite(cpuUsed.with, total((entry) => entry.with)) } }
          : {}),
      };
    } finally {
      await hanging.close();
    }
  } finally {
    await unsubscribe(created);
    await Promise.all([...healthy, ...extra].map((target) => target.close()));
  }
}

function perWrite(seconds: Record<string, number>, writes: number): Record<string, number> {
  return Object.fromEntries(Object.entries(seconds).map(([part, value]) => [part, (value * 1000) / Math.max(1, writes)]));
}

export function describeWebhookBench(result: WebhookBenchResult): string {
  const ms = (value: number) => (Number.isNaN(value) ? "n/a" : `${Math.round(value)} ms`);
  const rate = (load: LoadResult) => `${load.rps.toFixed(0)} req/s (p50 ${load.latencyMs.p50} ms)`;
  const { capacity } = result;
  const targets: [string, string, boolean][] = [
    ["writes with 3 endpoints within 10% of none", `${(result.ratio * 100).toFixed(0)}%`, result.ratio >= 0.9],
    ["deliveries >= 300/s sustained", `${capacity.perSecond.toFixed(0)}/s`, capacity.perSecond >= 300],
    ["commit to receiver p50 <= 1 s", ms(result.commitToReceiverMs.p50), result.commitToReceiverMs.p50 <= 1_000],
    ["a hanging endpoint does not slow the others (their p50 <= 1 s)", ms(result.hangingEffect.p50With), result.hangingEffect.p50With <= 1_000],
  ];
  return [
    ...result.rounds.map((round, index) => `webhooks: round ${index + 1}: POST /api/v1/posts ${rate(round.without)} with no endpoint, ${rate(round.with)} with 3`),
    `webhooks: writes with 3 endpoints ${(result.ratio * 100).toFixed(0)}% of the writes with none over ${result.rounds.length} alternating rounds; ${result.deliveredPerSecond.toFixed(1)} deliveries/s reached the receivers during the writes; commit to receiver p50 ${ms(result.commitToReceiverMs.p50)}, p99 ${ms(result.commitToReceiverMs.p99)}`,
    `webhooks: capacity: ${capacity.writesPerSecond.toFixed(0)} writes/s with ${capacity.endpoints} endpoints, ${capacity.deliveries} deliveries in ${capacity.seconds.toFixed(1)} s from the first write to the last arrival: ${capacity.perSecond.toFixed(1)}/s`,
    ...(result.cpuMsPerWrite
      ? [
          `webhooks: CPU ms per write with no endpoint → with 3: ${Object.keys(result.cpuMsPerWrite.without)
            .map((part) => `${part} ${result.cpuMsPerWrite!.without[part]!.toFixed(2)} → ${(result.cpuMsPerWrite!.with[part] ?? NaN).toFixed(2)}`)
            .join(", ")}`,
        ]
      : []),
    `webhooks: healthy endpoints' p50 ${ms(result.hangingEffect.p50With)} beside a hanging endpoint, ${ms(result.hangingEffect.p50Without)} without`,
    ...targets.map(([target, measured, met]) => `webhooks target: ${target}: ${measured} — ${met ? "met" : "NOT met"}`),
  ].join("\n");
}
