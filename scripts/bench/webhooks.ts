// The webhook write scenario of `npm run bench -- --webhooks`: POST /api/v1/posts with no endpoint
// subscribed, then with 3 healthy endpoints and 1 that never answers, all local receivers. It
// reports the write's req/s and latency both ways, deliveries per second reaching the receivers,
// commit-to-receiver p50/p99 (the event's timestamp to the receiver's clock) and whether the
// hanging endpoint slowed the healthy ones. Deliveries need the event log's post.created events.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { runLoad, type LoadResult } from "./load";
import { BENCH } from "./seed";

interface Receiver {
  url: string;
  latenciesMs: number[];
  /** The receiver's clock at each counted delivery. */
  arrivals: number[];
  close(): Promise<void>;
}

async function receiver(hang: boolean): Promise<Receiver> {
  const latenciesMs: number[] = [];
  const arrivals: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (hang) return;
      try {
        const { timestamp } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { timestamp: string };
        latenciesMs.push(Date.now() - Date.parse(timestamp));
        arrivals.push(Date.now());
      } catch {
        // not a Standard Webhooks body: not counted
      }
      response.end();
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
        server.closeAllConnections();
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
  without: LoadResult;
  with: LoadResult;
  /** Deliveries reaching the receivers per second while the writes ran. */
  deliveredPerSecond: number;
  /** Every delivery of the writes over the time from the first write to the last arrival. */
  sustainedPerSecond: number;
  /** After the writes stopped: the backlog's deliveries per second until the last arrived. */
  drain: { deliveries: number; perSecond: number; seconds: number };
  commitToReceiverMs: { p50: number; p99: number };
  /** p50 of the healthy endpoints with a hanging one beside them, against without it. */
  hangingEffect: { p50With: number; p50Without: number };
}

export async function runWebhookBench(base: string, apiKey: string, options: { connections: number; warmupSeconds: number; durationSeconds: number }): Promise<WebhookBenchResult> {
  const write = {
    url: `${base}/api/v1/posts`,
    method: "POST" as const,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ boardId: BENCH.boardId, title: "Webhook benchmark write", body: "Written under load.", tags: ["bench"] }),
  };
  const load = () => runLoad(write, { ...options, onPhase: () => undefined });
  const without = await load();

  const healthy = await Promise.all([receiver(false), receiver(false), receiver(false)]);
  const created: string[] = [];
  try {
    for (const target of healthy) created.push((await api(base, apiKey, "POST", "/webhooks", { url: target.url, eventTypes: ["post.created"] })).data.id);
    const started = Date.now();
    const calm = await load();
    const loadEnded = Date.now();
    // Every write's deliveries, however long the backlog takes (up to two minutes).
    const lastArrival = await settled(healthy, 2_000, 120_000);
    const calmLatencies = healthy.flatMap((target) => target.latenciesMs);
    const arrivals = healthy.flatMap((target) => target.arrivals);
    const during = arrivals.filter((at) => at >= started && at <= loadEnded).length;
    const deliveredPerSecond = during / ((loadEnded - started) / 1000);
    const afterwards = arrivals.filter((at) => at > loadEnded).length;
    const drainSeconds = Math.max(0.001, (lastArrival - loadEnded) / 1000);
    const drain = { deliveries: afterwards, perSecond: afterwards / drainSeconds, seconds: drainSeconds };
    const sustainedPerSecond = arrivals.filter((at) => at >= started).length / (Math.max(lastArrival, loadEnded) - started) * 1000;

    const hanging = await receiver(true);
    try {
      created.push((await api(base, apiKey, "POST", "/webhooks", { url: hanging.url, eventTypes: ["post.created"] })).data.id);
      for (const target of healthy) {
        target.latenciesMs.length = 0;
        target.arrivals.length = 0;
      }
      await load();
      await settled(healthy, 2_000, 120_000);
      const withHanging = healthy.flatMap((target) => target.latenciesMs);
      return {
        without,
        with: calm,
        deliveredPerSecond,
        sustainedPerSecond,
        drain,
        commitToReceiverMs: { p50: percentile(calmLatencies, 50), p99: percentile(calmLatencies, 99) },
        hangingEffect: { p50With: percentile(withHanging, 50), p50Without: percentile(calmLatencies, 50) },
      };
    } finally {
      await hanging.close();
    }
  } finally {
    for (const id of created) await api(base, apiKey, "DELETE", `/webhooks/${id}`).catch(() => undefined);
    await Promise.all(healthy.map((target) => target.close()));
  }
}

export function describeWebhookBench(result: WebhookBenchResult): string {
  const ms = (value: number) => (Number.isNaN(value) ? "n/a" : `${Math.round(value)} ms`);
  const ratio = result.with.rps / result.without.rps;
  const targets: [string, string, boolean][] = [
    ["writes with 3 endpoints within 10% of none", `${(ratio * 100).toFixed(0)}%`, ratio >= 0.9],
    ["deliveries >= 300/s sustained", `${result.sustainedPerSecond.toFixed(0)}/s`, result.sustainedPerSecond >= 300],
    ["commit to receiver p50 <= 1 s", ms(result.commitToReceiverMs.p50), result.commitToReceiverMs.p50 <= 1_000],
    ["a hanging endpoint does not slow the others (their p50 <= 1 s)", ms(result.hangingEffect.p50With), result.hangingEffect.p50With <= 1_000],
  ];
  return [
    `webhooks: POST /api/v1/posts ${result.without.rps.toFixed(0)} req/s (p50 ${result.without.latencyMs.p50} ms) with no endpoint, ${result.with.rps.toFixed(0)} req/s (p50 ${result.with.latencyMs.p50} ms) with 3`,
    `webhooks: ${result.deliveredPerSecond.toFixed(1)} deliveries/s reached the receivers during the writes, then the backlog's ${result.drain.deliveries} at ${result.drain.perSecond.toFixed(1)}/s in ${result.drain.seconds.toFixed(1)} s (${result.sustainedPerSecond.toFixed(1)}/s from the first write to the last arrival); commit to receiver p50 ${ms(result.commitToReceiverMs.p50)}, p99 ${ms(result.commitToReceiverMs.p99)}`,
    `webhooks: healthy endpoints' p50 ${ms(result.hangingEffect.p50With)} beside a hanging endpoint, ${ms(result.hangingEffect.p50Without)} without`,
    ...targets.map(([target, measured, met]) => `webhooks target: ${target}: ${measured} — ${met ? "met" : "NOT met"}`),
  ].join("\n");
}
