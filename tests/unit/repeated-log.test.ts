import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "@/lib/platform/log/logger";
import { createRepeatedLog } from "@/lib/platform/log/repeated";

// During one database outage the server once logged 2,153 lines and 206 stack traces in
// 25 s. A repeated error is now one structured line when it starts, then one with its count.

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger(sink, "info") };
}

afterEach(() => vi.useRealTimers());

describe("repeated errors", () => {
  it("500 occurrences in one window are two JSON lines: the first, with its request id, then the count", async () => {
    vi.useFakeTimers();
    const { lines, logger } = capture();
    const errors = createRepeatedLog(logger, "error", 10_000);
    for (let i = 0; i < 500; i++) errors.report("database-unavailable", { requestId: `req_${i}` }, "database unavailable");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 50, msg: "database unavailable", requestId: "req_0", key: "database-unavailable" });
    expect(lines[0]!.time).toEqual(expect.any(String));
    expect(lines[1]).toMatchObject({ level: 50, repeated: 499, requestId: "req_499", msg: "database unavailable (499 more in the last 10 s)" });
  });

  it("a one-off is one line, and different errors are counted apart", async () => {
    vi.useFakeTimers();
    const { lines, logger } = capture();
    const warnings = createRepeatedLog(logger, "warn", 10_000);
    warnings.report("a", {}, "first kind");
    warnings.report("b", {}, "second kind");
    warnings.report("b", {}, "second kind");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines.map((line) => line.msg)).toEqual(["first kind", "second kind", "second kind (1 more in the last 10 s)"]);
  });
});
