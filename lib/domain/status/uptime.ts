import type { ComponentStatus, IncidentImpact } from "@/lib/generated/prisma/enums";
import { effectiveStatus } from "./maintenance-rules";

// The uptime history of the status page (docs/users.md: "Uptime history"), as a pure function of rows.
//
//   - A component's timeline is its stored status over time, from its status changes (every write
//     of a status appends one), with maintenance windows laid over it exactly as the live status
//     does (lib/domain/status/maintenance-rules.ts): an operational component inside a window reads
//     under_maintenance.
//   - Days are UTC calendar days; the last one is today, up to now. A component gets a bar only
//     from the day it was created; the days before get none.
//   - A day's state is the worst state it spent any time in: operational < under_maintenance <
//     degraded_performance < partial_outage < major_outage.
//   - Uptime is the share of the tracked time (the window, or since creation) not lost to
//     outages: a minute of major outage loses a whole minute, a minute of partial outage 0.3 of
//     one (Statuspage's weighting); degraded performance and maintenance lose nothing. It is
//     rounded down to two decimals, so any downtime at all shows below 100.
//   - A day lists the incidents affecting the component that were open at any time that day, and
//     the maintenance windows covering it that ran at any time that day up to now.

export const UPTIME_DAYS = 90;
export const PARTIAL_OUTAGE_WEIGHT = 0.3;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const STATE_RANK: Record<ComponentStatus, number> = {
  operational: 0,
  under_maintenance: 1,
  degraded_performance: 2,
  partial_outage: 3,
  major_outage: 4,
};

export interface UptimeInputs {
  now: Date;
  days?: number;
  components: readonly { id: string; createdAt: Date; status: ComponentStatus }[];
  /** Status changes, at least those since the window start (older ones are allowed and used). */
  changes: readonly { componentId: string; at: Date; fromStatus: ComponentStatus; toStatus: ComponentStatus }[];
  incidents: readonly { id: string; title: string; impact: IncidentImpact; startedAt: Date; resolvedAt: Date | null; componentIds: readonly string[] }[];
  maintenances: readonly { id: string; title: string; startsAt: Date; endsAt: Date; componentIds: readonly string[] }[];
}

export interface UptimeDay {
  /** The UTC day, `YYYY-MM-DD`. */
  date: string;
  state: ComponentStatus;
  partialOutageMinutes: number;
  majorOutageMinutes: number;
  incidents: { id: string; title: string; impact: IncidentImpact }[];
  maintenances: { id: string; title: string }[];
}

export interface ComponentUptime {
  /** 0–100, two decimals rounded down; null when no time has been tracked yet. */
  percent: number | null;
  /** Oldest first, from the component's first day (at most `days` of them) to today. */
  days: UptimeDay[];
}

export function utcMidnight(at: Date | number): number {
  const time = typeof at === "number" ? at : at.getTime();
  return time - (((time % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The first instant the history covers: midnight UTC, `days - 1` days before today. */
export function uptimeWindowStart(now: Date, days = UPTIME_DAYS): Date {
  return new Date(utcMidnight(now) - (days - 1) * DAY_MS);
}

export function computeUptime(inputs: UptimeInputs): Map<string, ComponentUptime> {
  const now = inputs.now.getTime();
  const windowStart = uptimeWindowStart(inputs.now, inputs.days).getTime();
  const result = new Map<string, ComponentUptime>();
  for (const component of inputs.components) {
    const has = (ids: readonly string[]) => ids.includes(component.id);
    result.set(
      component.id,
      componentUptime({
        from: Math.min(now, Math.max(windowStart, component.createdAt.getTime())),
        now,
        currentStatus: component.status,
        changes: inputs.changes
          .filter((change) => change.componentId === component.id)
          .map((change) => ({ at: change.at.getTime(), from: change.fromStatus, to: change.toStatus }))
          .sort((a, b) => a.at - b.at),
        incidents: inputs.incidents.filter((incident) => has(incident.componentIds)),
        maintenances: inputs.maintenances.filter((window) => has(window.componentIds)),
      }),
    );
  }
  return result;
}

interface Timeline {
  from: number;
  now: number;
  currentStatus: ComponentStatus;
  changes: { at: number; from: ComponentStatus; to: ComponentStatus }[];
  incidents: UptimeInputs["incidents"];
  maintenances: UptimeInputs["maintenances"];
}

function componentUptime(timeline: Timeline): ComponentUptime {
  const { from, now, changes, maintenances } = timeline;
  const storedAt = storedStatusLookup(timeline);
  const inMaintenance = (at: number) => maintenances.some((window) => window.startsAt.getTime() <= at && at < window.endsAt.getTime());

  // Every instant where the state or the day can change; between two of them nothing does.
  const edges = new Set<number>([from, now]);
  for (let midnight = utcMidnight(from) + DAY_MS; midnight < now; midnight += DAY_MS) edges.add(midnight);
  for (const change of changes) edges.add(change.at);
  for (const window of maintenances) edges.add(window.startsAt.getTime()).add(window.endsAt.getTime());
  const points = [...edges].filter((at) => at >= from && at <= now).sort((a, b) => a - b);

  const days = new Map<number, UptimeDay>();
  const dayOf = (midnight: number) => {
    let day = days.get(midnight);
    if (!day) {
      day = { date: new Date(midnight).toISOString().slice(0, 10), state: "operational", partialOutageMinutes: 0, majorOutageMinutes: 0, incidents: [], maintenances: [] };
      days.set(midnight, day);
    }
    return day;
  };
  for (let midnight = utcMidnight(from); midnight <= now; midnight += DAY_MS) dayOf(midnight);

  const lostMs = { partial_outage: 0, major_outage: 0 };
  const dayLostMs = new Map<number, { partial_outage: number; major_outage: number }>();
  for (let i = 0; i + 1 < points.length; i++) {
    const [start, end] = [points[i]!, points[i + 1]!];
    const state = effectiveStatus(storedAt(start), inMaintenance(start));
    const midnight = utcMidnight(start);
    const day = dayOf(midnight);
    if (STATE_RANK[state] > STATE_RANK[day.state]) day.state = state;
    if (state === "partial_outage" || state === "major_outage") {
      lostMs[state] += end - start;
      const dayLost = dayLostMs.get(midnight) ?? { partial_outage: 0, major_outage: 0 };
      dayLost[state] += end - start;
      dayLostMs.set(midnight, dayLost);
    }
  }
  for (const [midnight, lost] of dayLostMs) {
    const day = dayOf(midnight);
    day.partialOutageMinutes = Math.ceil(lost.partial_outage / MINUTE_MS);
    day.majorOutageMinutes = Math.ceil(lost.major_outage / MINUTE_MS);
  }

  for (const [midnight, day] of days) {
    const dayEnd = Math.min(midnight + DAY_MS, now + 1);
    for (const incident of timeline.incidents) {
      const start = incident.startedAt.getTime();
      const end = Math.max(incident.resolvedAt?.getTime() ?? now, start + 1);
      if (start < dayEnd && end > midnight) day.incidents.push({ id: incident.id, title: incident.title, impact: incident.impact });
    }
    for (const window of maintenances) {
      if (window.startsAt.getTime() < dayEnd && window.endsAt.getTime() > midnight && window.startsAt.getTime() <= now) {
        day.maintenances.push({ id: window.id, title: window.title });
      }
    }
  }

  const tracked = now - from;
  const lost = lostMs.major_outage + PARTIAL_OUTAGE_WEIGHT * lostMs.partial_outage;
  const percent = tracked > 0 ? Math.max(0, Math.floor((1 - lost / tracked) * 10_000 + 1e-9) / 100) : null;
  return { percent, days: [...days.entries()].sort(([a], [b]) => a - b).map(([, day]) => day) };
}

/** The stored status at any instant of the tracked span, from the changes around it. */
function storedStatusLookup({ from, currentStatus, changes }: Timeline): (at: number) => ComponentStatus {
  // Before the first change the status is what that change changed from; with no change at all,
  // it has been the current status throughout.
  const initial = changes.filter((change) => change.at <= from).at(-1)?.to ?? changes.find((change) => change.at > from)?.from ?? currentStatus;
  return (at) => {
    let status = initial;
    for (const change of changes) {
      if (change.at > at) break;
      status = change.to;
    }
    return status;
  };
}
