import { createHash } from "node:crypto";

// When a monitor's checks are due. Each monitor keeps a phase of its own within its interval (from a
// hash of its id), so a thousand monitors at 30 s are spread over the 30 s instead of all falling
// at the top of the minute, and a monitor keeps its phase across restarts and outages.

function phaseMs(id: string, intervalMs: number): number {
  return createHash("sha256").update(id).digest().readUInt32BE(0) % intervalMs;
}

/** The first slot of this monitor strictly after `after`. */
export function slotAfter(id: string, intervalSeconds: number, after: Date): Date {
  const intervalMs = intervalSeconds * 1000;
  const phase = phaseMs(id, intervalMs);
  const t = after.getTime();
  const next = Math.floor((t - phase) / intervalMs) * intervalMs + phase;
  return new Date(next > t ? next : next + intervalMs);
}

/**
 * The slot after a check due at `dueAt` that ran at `now`: the next one in phase, skipping the slots
 * missed while no worker ran (after an outage a monitor is checked once, not once per missed slot).
 */
export function nextSlot(id: string, intervalSeconds: number, dueAt: Date, now: Date): Date {
  return slotAfter(id, intervalSeconds, dueAt.getTime() > now.getTime() ? dueAt : now);
}
