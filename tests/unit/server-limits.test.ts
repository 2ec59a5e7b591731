import { describe, expect, it } from "vitest";
import { serverLimits } from "@/lib/platform/server/config";

// A body sent a byte at a time once stayed open for more than 130 s. The production server's
// deadlines and upload caps, as server.ts reads them: the slow-body tests over HTTP
// (tests/server/production-server.test.ts) run with seconds instead, so the defaults are held here.
describe("serverLimits", () => {
  it("by default the whole request must arrive within 30 s, its headers within 15 s; 8 bodies at once per client, 128 overall", () => {
    expect(serverLimits({})).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 15_000, uploadsPerClient: 8, uploadsOverall: 128 });
  });

  it("takes the environment's values, and the headers' deadline never exceeds the whole request's", () => {
    expect(serverLimits({ REQUEST_TIMEOUT_SECONDS: "10", HEADERS_TIMEOUT_SECONDS: "60", MAX_UPLOADS_PER_CLIENT: "2", MAX_UPLOADS: "16" })).toEqual({
      requestTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      uploadsPerClient: 2,
      uploadsOverall: 16,
    });
  });

  it("falls back to the defaults for values that would switch a deadline or a cap off", () => {
    for (const value of ["0", "-5", "abc", "", "Infinity"]) {
      expect(serverLimits({ REQUEST_TIMEOUT_SECONDS: value, HEADERS_TIMEOUT_SECONDS: value, MAX_UPLOADS_PER_CLIENT: value, MAX_UPLOADS: value })).toEqual(serverLimits({}));
    }
  });
});
