import type { MonitorState } from "@/lib/generated/prisma/enums";

// The rules from checks to a monitor's state: down after `failuresToDown` failures in a row, back
// after `successesToUp` passes in a row; degraded after as many slow passes in a row as it takes
// to go down, back up at the first pass that is not slow. Pure, so the flapping cases are tested
// without a clock or a database.

export interface Streaks {
  state: MonitorState;
  failureStreak: number;
  successStreak: number;
  slowStreak: number;
}

export interface RuleSettings {
  failuresToDown: number;
  successesToUp: number;
}

export type Transition = "down" | "up" | "degraded" | null;

export function applyResult(current: Streaks, settings: RuleSettings, result: { ok: boolean; degraded: boolean }): Streaks & { transition: Transition } {
  if (!result.ok) {
    const failureStreak = current.failureStreak + 1;
    const goesDown = current.state !== "down" && failureStreak >= settings.failuresToDown;
    return { state: goesDown ? "down" : current.state, failureStreak, successStreak: 0, slowStreak: 0, transition: goesDown ? "down" : null };
  }
  const successStreak = current.successStreak + 1;
  const slowStreak = result.degraded ? current.slowStreak + 1 : 0;
  const base = { failureStreak: 0, successStreak, slowStreak };
  if (current.state === "down") {
    if (successStreak < settings.successesToUp) return { ...base, state: "down", transition: null };
    return { ...base, state: result.degraded ? "degraded" : "up", transition: "up" };
  }
  if (slowStreak >= settings.failuresToDown && current.state !== "degraded") return { ...base, state: "degraded", transition: "degraded" };
  if (!result.degraded && current.state === "degraded") return { ...base, state: "up", transition: "up" };
  if (current.state === "pending") return { ...base, state: result.degraded ? "degraded" : "up", transition: null };
  return { ...base, state: current.state, transition: null };
}
