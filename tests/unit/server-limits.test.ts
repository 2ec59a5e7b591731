import { describe, expect, it } from "vitest";
import { admissionLimits, serverLimits } from "@/lib/platform/server/config";

// A body sent a byte at a time once stayed open for more than 130 s. The production server's
// deadlines and upload caps, as server.ts reads them: the slow-body tests over HTTP
// (tests/server/production-server.test.ts) run with seconds instead, so the defaults are held here.
describe("serverLimits", () => {
  it("by default the whole request must arrive within 30 s, its headers within 15 s; 8 bodies at once per client, 128 overall", () => {
    expect(serverLimits({})).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 15_000, keepAliveTimeoutMs: 65_000, uploadsPerClient: 8, uploadsOverall: 128, admission: admissionLimits({}) });
  });

  it("takes the environment's values, and the headers' deadline never exceeds the whole request's", () => {
    expect(serverLimits({ REQUEST_TIMEOUT_SECONDS: "10", HEADERS_TIMEOUT_SECONDS: "60", MAX_UPLOADS_PER_CLIENT: "2", MAX_UPLOADS: "16" })).toEqual({
      requestTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 65_000,
      uploadsPerClient: 2,
      uploadsOverall: 16,
      admission: admissionLimits({}),
    });
  });

  it("admission: 12 pages, 16 API and 16 public requests at once, queues of 48, 64 and 64 waiting at most 250 ms (counted from arrival), answers due within 400 ms; each a setting", () => {
    expect(admissionLimits({})).toEqual({
      pages: { inFlight: 12, queue: 48, queueWaitMs: 250, targetMs: 400 },
      api: { inFlight: 16, queue: 64, queueWaitMs: 250, targetMs: 400 },
      public: { inFlight: 16, queue: 64, queueWaitMs: 250, targetMs: 400 },
    });
    const set = admissionLimits({ ADMISSION_PAGES_IN_FLIGHT: "4", ADMISSION_PAGES_QUEUE: "0", ADMISSION_API_IN_FLIGHT: "2", ADMISSION_PUBLIC_QUEUE: "3", ADMISSION_QUEUE_WAIT_MS: "250", ADMISSION_TARGET_MS: "300" });
    expect(set).toEqual({
      pages: { inFlight: 4, queue: 0, queueWaitMs: 250, targetMs: 300 },
      api: { inFlight: 2, queue: 64, queueWaitMs: 250, targetMs: 300 },
      public: { inFlight: 16, queue: 3, queueWaitMs: 250, targetMs: 300 },
    });
    // No place at all would refuse everything: a zero or nonsense in-flight limit keeps the default.
    for (const value of ["0", "-1", "abc", ""]) {
      expect(admissionLimits({ ADMISSION_PAGES_IN_FLIGHT: value, ADMISSION_PAGES_QUEUE: "-1" }).pages).toEqual(admissionLimits({}).pages);
      // No target at all would read every answer as slow: the default stays.
      expect(admissionLimits({ ADMISSION_TARGET_MS: value, ADMISSION_QUEUE_WAIT_MS: value }).api).toEqual(admissionLimits({}).api);
    }
  });

  it("falls back to the defaults for values that would switch a deadline or a cap off", () => {
    for (const value of ["0", "-5", "abc", "", "Infinity"]) {
      expect(serverLimits({ REQUEST_TIMEOUT_SECONDS: value, HEADERS_TIMEOUT_SECONDS: value, MAX_UPLOADS_PER_CLIENT: value, MAX_UPLOADS: value })).toEqual(serverLimits({}));
    }
  });
});
