import { afterEach, describe, expect, it, vi } from "vitest";
import { jobSettings, jobsOnOwnThread, MIN_EXPIRE_SECONDS } from "@/lib/platform/jobs/config";
import { log } from "@/lib/platform/log/logger";
import { ATTEMPT_TIMEOUT_MS } from "@/lib/domain/webhooks/send-request";

// JOBS_EXPIRE_SECONDS is also a webhook delivery's lease: one shorter than an attempt lets a second
// worker claim a delivery whose attempt is still running.

const expiry = (value: string | undefined) => jobSettings({ NODE_ENV: "test", JOBS_EXPIRE_SECONDS: value }).expireInSeconds;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("JOBS_EXPIRE_SECONDS", () => {
  it("the minimum outlasts a whole attempt: the request's deadline and then some for its writes", () => {
    expect(MIN_EXPIRE_SECONDS * 1000).toBeGreaterThanOrEqual(ATTEMPT_TIMEOUT_MS + 10_000);
  });

  it("unset, empty or not a whole number: the default 300; at or above the minimum: as set, without a word", () => {
    const warn = vi.spyOn(log, "warn");
    for (const value of [undefined, "", "  ", "abc", "12.5", "-40"]) expect(expiry(value)).toBe(300);
    expect(expiry(String(MIN_EXPIRE_SECONDS))).toBe(MIN_EXPIRE_SECONDS);
    expect(expiry("600")).toBe(600);
    expect(warn).not.toHaveBeenCalled();
  });

  it("below the minimum: raised to it, and the log says so once, naming the setting and both values", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    expect(expiry("5")).toBe(MIN_EXPIRE_SECONDS);
    expect(expiry("5")).toBe(MIN_EXPIRE_SECONDS);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { setting: "JOBS_EXPIRE_SECONDS", configured: 5, using: MIN_EXPIRE_SECONDS },
      `JOBS_EXPIRE_SECONDS=5 is shorter than one webhook attempt can take; using ${MIN_EXPIRE_SECONDS}`,
    );
    expect(expiry("0")).toBe(MIN_EXPIRE_SECONDS);
    expect(expiry("29")).toBe(MIN_EXPIRE_SECONDS);
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe("JOBS_THREAD", () => {
  it("the worker keeps a thread of its own unless the setting says false (any case, spaces around)", () => {
    for (const value of [undefined, "", "true", "on", "1"]) expect(jobsOnOwnThread({ NODE_ENV: "test", JOBS_THREAD: value })).toBe(true);
    for (const value of ["false", "FALSE", " false "]) expect(jobsOnOwnThread({ NODE_ENV: "test", JOBS_THREAD: value })).toBe(false);
  });
});
