import { expect, it } from "vitest";
import { admitAttempt, admitAttemptSoon, BUSY_WAIT_MS, MAX_IN_FLIGHT_PER_ENDPOINT, MAX_NOT_ANSWERING_WAIT_MS, MAX_WAITING_PER_ENDPOINT, NOT_ANSWERING_WAIT_MS, SLOW_MS, type Admission } from "@/lib/domain/webhooks/endpoint-gate";

it("an answering endpoint takes its share at once; one more waits a moment, another endpoint not at all", () => {
  const now = 1_000_000;
  const admitted = Array.from({ length: MAX_IN_FLIGHT_PER_ENDPOINT }, () => admitAttempt("busy", now));
  expect(admitted.every((admission) => admission.admitted)).toBe(true);
  expect(admitAttempt("busy", now + 10)).toEqual({ admitted: false, waitMs: BUSY_WAIT_MS });
  const other = admitAttempt("other", now + 10);
  expect(other.admitted).toBe(true);
  for (const admission of [...admitted, other]) if (admission.admitted) admission.done(false);
  expect(admitAttempt("busy", now + 20).admitted).toBe(true);
});

it("slow at its limit, or timed out: one probe at a time until it answers again", () => {
  const now = 2_000_000;
  const held = Array.from({ length: MAX_IN_FLIGHT_PER_ENDPOINT }, () => admitAttempt("stuck", now));
  expect(admitAttempt("stuck", now + SLOW_MS)).toEqual({ admitted: false, waitMs: NOT_ANSWERING_WAIT_MS });
  // Its attempts time out: still not answering, and only one goes at a time.
  for (const admission of held) if (admission.admitted) admission.done(true);
  const probe = admitAttempt("stuck", now + 20_000);
  expect(probe.admitted).toBe(true);
  expect(admitAttempt("stuck", now + 20_001)).toEqual({ admitted: false, waitMs: NOT_ANSWERING_WAIT_MS });
  // The probe is answered: the endpoint takes its full share again.
  if (probe.admitted) probe.done(false);
  const again = Array.from({ length: MAX_IN_FLIGHT_PER_ENDPOINT }, () => admitAttempt("stuck", now + 30_000));
  expect(again.every((admission) => admission.admitted)).toBe(true);
});

it("the longer an endpoint stays silent, the longer its deliveries wait, up to an hour; the answer that ends the silence says so", () => {
  const now = 3_000_000;
  const held = Array.from({ length: MAX_IN_FLIGHT_PER_ENDPOINT }, () => admitAttempt("silent-long", now));
  expect(admitAttempt("silent-long", now + SLOW_MS)).toEqual({ admitted: false, waitMs: NOT_ANSWERING_WAIT_MS });
  const tenMinutes = 10 * 60_000;
  expect(admitAttempt("silent-long", now + SLOW_MS + tenMinutes)).toEqual({ admitted: false, waitMs: tenMinutes });
  expect(admitAttempt("silent-long", now + SLOW_MS + 5 * 60 * 60_000)).toEqual({ admitted: false, waitMs: MAX_NOT_ANSWERING_WAIT_MS });
  // Its attempts time out: the silence goes on.
  for (const admission of held) if (admission.admitted) expect(admission.done(true)).toEqual({ recovered: false });
  const probe = admitAttempt("silent-long", now + tenMinutes);
  expect(probe.admitted).toBe(true);
  if (probe.admitted) expect(probe.done(false)).toEqual({ recovered: true });
  // Answering again: the next attempt goes at once and ends no silence.
  const next = admitAttempt("silent-long", now + tenMinutes + 1);
  expect(next.admitted).toBe(true);
  if (next.admitted) expect(next.done(false)).toEqual({ recovered: false });
});

it("a burst to an answering endpoint waits in the worker for the next free place, never put off", async () => {
  const held = Array.from({ length: MAX_IN_FLIGHT_PER_ENDPOINT }, () => admitAttempt("burst"));
  const waiting = admitAttemptSoon("burst");
  let admitted: Admission | undefined;
  void waiting.then((admission) => (admitted = admission));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(admitted).toBeUndefined();
  const first = held[0]!;
  if (first.admitted) first.done(false);
  expect((await waiting).admitted).toBe(true);
  for (const admission of [...held.slice(1), await waiting]) if (admission.admitted) admission.done(false);
});

it("waits at most a moment, with at most its share waiting; a silent endpoint's attempt is put off at once", async () => {
  const held = Array.from({ length: MAX_IN_FLIGHT_PER_ENDPOINT }, () => admitAttempt("full"));
  const started = Date.now();
  const waiters = Array.from({ length: MAX_WAITING_PER_ENDPOINT }, () => admitAttemptSoon("full"));
  // One more than may wait: refused at once, as admitAttempt refuses it.
  expect(await admitAttemptSoon("full")).toEqual({ admitted: false, waitMs: BUSY_WAIT_MS });
  expect(Date.now() - started).toBeLessThan(BUSY_WAIT_MS / 2);
  for (const admission of await Promise.all(waiters)) expect(admission).toEqual({ admitted: false, waitMs: BUSY_WAIT_MS });
  expect(Date.now() - started).toBeGreaterThanOrEqual(BUSY_WAIT_MS - 5);

  const now = Date.now();
  const stuck = Array.from({ length: MAX_IN_FLIGHT_PER_ENDPOINT }, () => admitAttempt("silent", now - SLOW_MS));
  const before = Date.now();
  expect(await admitAttemptSoon("silent")).toEqual({ admitted: false, waitMs: NOT_ANSWERING_WAIT_MS });
  expect(Date.now() - before).toBeLessThan(100);
  for (const admission of [...held, ...stuck]) if (admission.admitted) admission.done(false);
});
