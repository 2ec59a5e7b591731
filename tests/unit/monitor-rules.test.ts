import { describe, expect, it } from "vitest";
import { certificateWarning } from "@/lib/domain/monitors/certificate-warning";
import { keywordProblem } from "@/lib/domain/monitors/keyword";
import { applyResult, type Streaks } from "@/lib/domain/monitors/rules";
import { heartbeatOutcome } from "@/lib/domain/monitors/run-check";
import { nextSlot, slotAfter } from "@/lib/domain/monitors/schedule";

// The rules from check results to a monitor's state, its schedule, and the heartbeat's verdict:
// pure functions, so flapping and outages are played through without a clock or a database.

const start: Streaks = { state: "pending", failureStreak: 0, successStreak: 0, slowStreak: 0 };
const FAIL = { ok: false, degraded: false };
const PASS = { ok: true, degraded: false };
const SLOW = { ok: true, degraded: true };

function play(results: { ok: boolean; degraded: boolean }[], settings = { failuresToDown: 2, successesToUp: 1 }) {
  let current = start;
  const transitions: string[] = [];
  for (const result of results) {
    const next = applyResult(current, settings, result);
    if (next.transition) transitions.push(next.transition);
    current = next;
  }
  return { state: current.state, transitions };
}

describe("rules", () => {
  it("goes down after N failures in a row (default 2), not after one", () => {
    expect(play([PASS, FAIL]).state).toBe("up");
    expect(play([PASS, FAIL, FAIL])).toEqual({ state: "down", transitions: ["down"] });
  });

  it("comes back after M passes in a row", () => {
    expect(play([FAIL, FAIL, PASS, PASS], { failuresToDown: 2, successesToUp: 3 }).state).toBe("down");
    expect(play([FAIL, FAIL, PASS, PASS, PASS], { failuresToDown: 2, successesToUp: 3 })).toEqual({ state: "up", transitions: ["down", "up"] });
  });

  it("a target that flaps on every check never reaches N failures in a row: no transition at all", () => {
    const flapping = Array.from({ length: 40 }, (_, n) => (n % 2 ? PASS : FAIL));
    expect(play(flapping).transitions).toEqual([]);
  });

  it("degraded after N slow passes, up at the first pass that is not slow", () => {
    expect(play([PASS, SLOW, SLOW, PASS])).toEqual({ state: "up", transitions: ["degraded", "up"] });
  });

  it("a down monitor that recovers slowly comes back degraded, said once as up", () => {
    expect(play([FAIL, FAIL, SLOW])).toEqual({ state: "degraded", transitions: ["down", "up"] });
  });
});

describe("schedule", () => {
  it("spreads monitors of one interval over it, each at a phase of its own that it keeps", () => {
    const now = new Date("2026-11-27T10:00:00.000Z");
    const offsets = Array.from({ length: 1000 }, (_, n) => slotAfter(`m${n}`, 30, now).getTime() - now.getTime());
    expect(Math.min(...offsets)).toBeGreaterThan(0);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(30_000);
    // About a tenth of them in each tenth of the interval: not bunched at the top of the minute.
    for (let tenth = 0; tenth < 10; tenth++) {
      const count = offsets.filter((offset) => offset > tenth * 3000 && offset <= (tenth + 1) * 3000).length;
      expect(count).toBeGreaterThan(60);
      expect(count).toBeLessThan(140);
    }
    const first = slotAfter("m1", 30, now);
    expect(nextSlot("m1", 30, first, new Date(first.getTime() + 200)).getTime()).toBe(first.getTime() + 30_000);
  });

  it("after an outage a monitor is checked once, at its next slot, not once per missed slot", () => {
    const due = slotAfter("m1", 30, new Date("2026-11-27T10:00:00Z"));
    const late = new Date(due.getTime() + 5 * 60_000 + 1);
    const next = nextSlot("m1", 30, due, late);
    expect(next.getTime()).toBeGreaterThan(late.getTime());
    expect(next.getTime() - late.getTime()).toBeLessThanOrEqual(30_000);
    expect((next.getTime() - due.getTime()) % 30_000).toBe(0);
  });
});

describe("heartbeat", () => {
  const createdAt = new Date("2026-11-27T09:00:00Z");
  const base = { intervalSeconds: 60, createdAt, heartbeatWindowAt: null };

  it("passes when called within the interval, fails with the time of the last beat when not", () => {
    const now = new Date("2026-11-27T10:00:00Z");
    const lastCheckedAt = new Date(now.getTime() - 60_000);
    expect(heartbeatOutcome({ ...base, lastCheckedAt, lastBeatAt: new Date(now.getTime() - 30_000) }, now, now)?.ok).toBe(true);
    const late = heartbeatOutcome({ ...base, lastCheckedAt, lastBeatAt: new Date("2026-11-27T09:57:00Z") }, now, now);
    expect(late).toMatchObject({ ok: false, error: "no heartbeat since 09:57 UTC (expected every 60 s)" });
  });

  it("says nothing when the app itself was not checking for longer than an interval (its own outage)", () => {
    const now = new Date("2026-11-27T10:00:00Z");
    const away = heartbeatOutcome({ ...base, lastCheckedAt: new Date(now.getTime() - 10 * 60_000), lastBeatAt: new Date(now.getTime() - 10 * 60_000) }, now, now);
    expect(away).toBeNull();
    // And the wait starts again from when it resumed.
    const resumed = heartbeatOutcome({ ...base, lastCheckedAt: now, lastBeatAt: new Date(now.getTime() - 10 * 60_000), heartbeatWindowAt: now }, new Date(now.getTime() + 30_000), new Date(now.getTime() + 30_000));
    expect(resumed).toBeNull();
  });
});

describe("certificates and keywords", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

  it("warns at 14 days and again at 3, once each per certificate", () => {
    expect(certificateWarning({ certificateExpiresAt: null, certificateWarnedDays: null }, inDays(30), now)).toBeNull();
    expect(certificateWarning({ certificateExpiresAt: inDays(13), certificateWarnedDays: null }, inDays(13), now)).toBe(14);
    expect(certificateWarning({ certificateExpiresAt: inDays(13), certificateWarnedDays: 14 }, inDays(13), now)).toBeNull();
    expect(certificateWarning({ certificateExpiresAt: inDays(2), certificateWarnedDays: 14 }, inDays(2), now)).toBe(3);
    expect(certificateWarning({ certificateExpiresAt: inDays(2), certificateWarnedDays: 3 }, inDays(2), now)).toBeNull();
  });

  it("finds text, or a JSON value by its path", () => {
    expect(keywordProblem(Buffer.from("all good"), "good")).toBeNull();
    expect(keywordProblem(Buffer.from("all bad"), "good")).toMatch(/does not contain/);
    expect(keywordProblem(Buffer.from('{"status":{"db":"ok"}}'), "$.status.db=ok")).toBeNull();
    expect(keywordProblem(Buffer.from('{"status":{"db":"down"}}'), "$.status.db=ok")).toBe("$.status.db is down, not ok.");
  });
});
