import type { MonitorView } from "@/lib/domain/monitors/monitor-view";
import { failed, type CheckOutcome } from "@/lib/domain/monitors/check-outcome";
import { runHttpCheck } from "@/lib/domain/monitors/http-check";
import { runTcpCheck } from "@/lib/domain/monitors/tcp-check";

// The probe agent: runs a workspace's HTTP and TCP checks from another machine or region and
// reports each result to the app (POST /api/v1/monitors/{id}/results) with its own API key and
// the name of its place. It checks at the same due times as the app (each monitor's slots), so the
// app can tell when several places fail together (a monitor's `placesToDown`). It keeps no state
// of its own: a restarted agent reads the monitors again and goes on.

export interface ProbeConfig {
  /** The app's address, e.g. https://status.example.com */
  apiUrl: string;
  apiKey: string;
  /** lowercase letters, digits and -: where this agent runs, e.g. eu-west */
  place: string;
  /** How often the list of monitors is read again. */
  refreshMs?: number;
  /** Checks run at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

interface Scheduled {
  monitor: MonitorView;
  dueAt: number;
}

async function api<T>(config: ProbeConfig, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(new URL(`/api/v1${path}`, config.apiUrl), {
    ...init,
    headers: { authorization: `Bearer ${config.apiKey}`, "content-type": "application/json", ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as { data?: T; error?: string; nextCursor?: string | null } | null;
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${body?.error ?? ""}`.trim());
  return body as T;
}

/** Every monitor the key can read, page by page. */
export async function listMonitors(config: ProbeConfig): Promise<MonitorView[]> {
  const all: MonitorView[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await api<{ data: MonitorView[]; nextCursor?: string | null }>(config, `/monitors?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    all.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export async function checkOne(monitor: MonitorView): Promise<CheckOutcome> {
  if (monitor.kind === "tcp") return runTcpCheck({ host: monitor.host ?? "", port: monitor.port ?? 0, timeoutMs: monitor.timeoutMs, degradedAboveMs: monitor.degradedAboveMs });
  if (monitor.kind === "http") {
    return runHttpCheck({ url: monitor.url ?? "", method: monitor.method, headers: monitor.headers, expectedStatus: monitor.expectedStatus, keyword: monitor.keyword, timeoutMs: monitor.timeoutMs, degradedAboveMs: monitor.degradedAboveMs });
  }
  return failed("a heartbeat is not checked by a probe");
}

export async function report(config: ProbeConfig, monitor: MonitorView, dueAt: Date, outcome: CheckOutcome): Promise<boolean> {
  const { data } = await api<{ data: { recorded: boolean } }>(config, `/monitors/${monitor.id}/results`, {
    method: "POST",
    body: JSON.stringify({ place: config.place, dueAt: dueAt.toISOString(), ok: outcome.ok, durationMs: outcome.durationMs, statusCode: outcome.statusCode, error: outcome.error?.slice(0, 500) ?? null }),
  });
  return data.recorded;
}

/** Runs until `signal` aborts: reads the monitors, checks each at its slots, reports each result. */
export async function runProbe(config: ProbeConfig, signal: AbortSignal): Promise<void> {
  const log = config.log ?? ((line: string) => console.log(line));
  const refreshMs = config.refreshMs ?? 60_000;
  const concurrency = config.concurrency ?? 32;
  const schedule = new Map<string, Scheduled>();
  let running = 0;
  let lastRefresh = 0;
  while (!signal.aborted) {
    if (Date.now() - lastRefresh >= refreshMs) {
      lastRefresh = Date.now();
      try {
        const monitors = (await listMonitors(config)).filter((monitor) => monitor.kind !== "heartbeat" && !monitor.paused);
        const seen = new Set(monitors.map((monitor) => monitor.id));
        for (const id of schedule.keys()) if (!seen.has(id)) schedule.delete(id);
        for (const monitor of monitors) {
          const known = schedule.get(monitor.id);
          // A new or changed monitor follows the app's next slot.
          if (!known || known.monitor.intervalSeconds !== monitor.intervalSeconds) schedule.set(monitor.id, { monitor, dueAt: new Date(monitor.nextCheckAt).getTime() });
          else known.monitor = monitor;
        }
      } catch (error) {
        log(`could not read the monitors: ${(error as Error).message}`);
      }
    }
    const now = Date.now();
    for (const entry of schedule.values()) {
      if (entry.dueAt > now || running >= concurrency) continue;
      const dueAt = new Date(entry.dueAt);
      const intervalMs = entry.monitor.intervalSeconds * 1000;
      // The next slot after now, in phase: a late agent skips what it missed.
      entry.dueAt += Math.max(1, Math.ceil((now - entry.dueAt + 1) / intervalMs)) * intervalMs;
      running += 1;
      void checkOne(entry.monitor)
        .then((outcome) => report(config, entry.monitor, dueAt, outcome).then(() => log(`${entry.monitor.name}: ${outcome.ok ? "up" : `failed (${outcome.error})`}`)))
        .catch((error: unknown) => log(`${entry.monitor.name}: could not report: ${(error as Error).message}`))
        .finally(() => {
          running -= 1;
        });
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
