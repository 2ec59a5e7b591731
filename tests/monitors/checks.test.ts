import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AddressRule } from "@/lib/domain/webhooks/address-policy";
import { monitorUrlProblem } from "@/lib/domain/monitors/address-rule";
import { MAX_BODY_BYTES, runHttpCheck, type HttpCheckSpec } from "@/lib/domain/monitors/http-check";
import { createMonitorBody } from "@/lib/domain/monitors/schemas";
import { runTcpCheck } from "@/lib/domain/monitors/tcp-check";
import { selfSigned, startTarget, startTlsTarget } from "./targets";

// One check against local servers standing for monitored sites, and every refusal with its reason:
// private addresses, a redirect to one, a port out of range, a name that does not resolve, a TLS
// error, and a 50 MiB answer read only up to the limit.

// The test's own target at 127.0.0.1 stands for a public site; every other private address keeps
// the rule's refusal (127.0.0.2 is loopback too, and stands for the private network).
const ONLY_THE_TARGET: AddressRule = { allowPrivate: false, who: "monitors", treatAsPublic: ["127.0.0.1"] };

const spec = (url: string, more: Partial<HttpCheckSpec> = {}): HttpCheckSpec => ({ url, method: "GET", headers: {}, expectedStatus: [], keyword: null, timeoutMs: 5_000, degradedAboveMs: null, ...more });

beforeEach(() => {
  delete process.env.MONITOR_ALLOW_PRIVATE_NETWORKS;
});
afterEach(() => {
  delete process.env.MONITOR_ALLOW_PRIVATE_NETWORKS;
});

describe("HTTP checks", () => {
  it("passes on a 2xx, fails on another status with it, and finds the keyword", async () => {
    const target = await startTarget((_request, response) => response.end('{"db":"ok"}'));
    expect(await runHttpCheck(spec(target.url, { keyword: "$.db=ok" }), { rule: ONLY_THE_TARGET })).toMatchObject({ ok: true, statusCode: 200, error: null });
    target.answer((_request, response) => {
      response.statusCode = 503;
      response.end("down");
    });
    expect(await runHttpCheck(spec(target.url), { rule: ONLY_THE_TARGET })).toMatchObject({ ok: false, statusCode: 503, error: "Answered 503." });
  });

  it("refuses a private address unless MONITOR_ALLOW_PRIVATE_NETWORKS=true", async () => {
    const target = await startTarget();
    const refused = await runHttpCheck(spec(target.url));
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/private, loopback.*monitors go only to public addresses/);
    expect(target.hits).toBe(0);
    process.env.MONITOR_ALLOW_PRIVATE_NETWORKS = "true";
    expect((await runHttpCheck(spec(target.url))).ok).toBe(true);
    expect(target.hits).toBe(1);
  });

  it("refuses a host name that resolves to a private address, at connection time", async () => {
    const target = await startTarget();
    const resolve = async () => [{ address: "127.0.0.2", family: 4 }];
    const outcome = await runHttpCheck(spec(`http://status.example.test:${target.port}/`), { resolve, rule: ONLY_THE_TARGET });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/status\.example\.test resolves to 127\.0\.0\.2 is a private/) });
  });

  it("refuses a redirect to a private address, and does not follow it", async () => {
    const inside = await startTarget(undefined, "127.0.0.2");
    const target = await startTarget((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.2:${inside.port}/admin` });
      response.end();
    });
    const outcome = await runHttpCheck(spec(target.url), { rule: ONLY_THE_TARGET });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/^Redirected to a refused address: The address 127\.0\.0\.2 is a private/);
    expect(inside.hits).toBe(0);
  });

  it("follows a redirect to an allowed address", async () => {
    const target = await startTarget((request, response) => {
      if (request.url === "/health") {
        response.writeHead(301, { location: "/moved" });
        response.end();
      } else response.end("moved ok");
    });
    expect(await runHttpCheck(spec(target.url, { keyword: "moved ok" }), { rule: ONLY_THE_TARGET })).toMatchObject({ ok: true, statusCode: 200 });
  });

  it("a port out of range is refused with its reason, in the URL and for TCP", async () => {
    expect(monitorUrlProblem("http://example.com:70000/")).toBe("The port must be between 1 and 65535.");
    const parsed = createMonitorBody.safeParse({ kind: "tcp", componentId: "c1", name: "DB", host: "db.example.com", port: 70_000 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["port"], message: "port must be between 1 and 65535." });
    expect(await runTcpCheck({ host: "example.com", port: 0, timeoutMs: 1_000, degradedAboveMs: null })).toMatchObject({ ok: false, error: "The port must be between 1 and 65535." });
  });

  it("a host name that does not resolve is said so", async () => {
    const outcome = await runHttpCheck(spec("https://no-such-host.invalid/health"));
    expect(outcome).toMatchObject({ ok: false, error: "The host name no-such-host.invalid could not be resolved." });
  });

  it("a TLS error is reported with its reason, not a stack", async () => {
    const target = await startTlsTarget(selfSigned());
    const outcome = await runHttpCheck(spec(target.url), { rule: ONLY_THE_TARGET });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/^TLS error: self[- ]signed certificate \(DEPTH_ZERO_SELF_SIGNED_CERT\)$/);
  });

  it("a trusted certificate passes and its expiry is read", async () => {
    const credentials = selfSigned(10);
    const target = await startTlsTarget(credentials);
    const outcome = await runHttpCheck(spec(target.url), { rule: ONLY_THE_TARGET, ca: credentials.cert });
    expect(outcome.ok).toBe(true);
    const daysLeft = (outcome.certificateExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(9);
    expect(daysLeft).toBeLessThan(11);
  });

  it("a 50 MiB answer is read only up to the limit, and the keyword past it is missing", async () => {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const target = await startTarget((_request, response) => {
      const more = () => {
        while (written < 50 * 1024 * 1024) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", more);
        }
        response.end("NEEDLE");
      };
      more();
    });
    const started = Date.now();
    const outcome = await runHttpCheck(spec(target.url, { keyword: "NEEDLE" }), { rule: ONLY_THE_TARGET });
    expect(outcome).toMatchObject({ ok: false, statusCode: 200, error: "The answer does not contain “NEEDLE”." });
    expect(Date.now() - started).toBeLessThan(5_000);
    // It stopped reading: the server got nowhere near 50 MiB out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(written).toBeLessThan(50 * 1024 * 1024);
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
  });

  it("a target that hangs is cut at the timeout", async () => {
    const target = await startTarget(() => undefined);
    const outcome = await runHttpCheck(spec(target.url, { timeoutMs: 1_000 }), { rule: ONLY_THE_TARGET });
    expect(outcome).toMatchObject({ ok: false, error: "No answer within 1 s." });
    expect(outcome.durationMs).toBeLessThan(2_000);
  });

  it("a slow answer passes as degraded", async () => {
    const target = await startTarget((_request, response) => setTimeout(() => response.end("ok"), 150));
    expect(await runHttpCheck(spec(target.url, { degradedAboveMs: 50 }), { rule: ONLY_THE_TARGET })).toMatchObject({ ok: true, degraded: true });
  });
});

describe("TCP checks", () => {
  it("up when it connects; connection refused with its reason otherwise", async () => {
    const target = await startTarget();
    expect(await runTcpCheck({ host: "127.0.0.1", port: target.port, timeoutMs: 2_000, degradedAboveMs: null }, undefined, ONLY_THE_TARGET)).toMatchObject({ ok: true });
    expect(await runTcpCheck({ host: "127.0.0.1", port: 1, timeoutMs: 2_000, degradedAboveMs: null }, undefined, ONLY_THE_TARGET)).toMatchObject({ ok: false, error: "connection refused (ECONNREFUSED)" });
    expect((await runTcpCheck({ host: "127.0.0.2", port: target.port, timeoutMs: 2_000, degradedAboveMs: null }, undefined, ONLY_THE_TARGET)).error).toMatch(/monitors go only to public addresses/);
  });
});
