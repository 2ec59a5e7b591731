import { onTestFinished, vi } from "vitest";

/**
 * Stops the application's clock (`Date` only: timers, sockets and the database keep real time)
 * at `at`, until the running test ends. Rate limits count in clock-aligned windows, weighting the
 * previous one: a window boundary falling between two requests of a test that counts them lets one
 * more through, wherever in the minute or hour the test happens to run and however slowly the
 * machine answers. With the clock held, every request of the test falls at one instant.
 */
export function holdClock(at: Date | number = Date.now()): Date {
  vi.useFakeTimers({ now: at, toFake: ["Date"] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return new Date(at);
}
