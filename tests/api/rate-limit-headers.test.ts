import { parseList, type Item } from "structured-headers";
import { describe, expect, it } from "vitest";
import * as status from "@/app/api/public/[workspace]/status/route";
import * as posts from "@/app/api/v1/posts/route";
import { rateLimitBackend } from "@/lib/platform/ratelimit";
import { call, seedTenant } from "../support/api";
import { seedPortal } from "../public/fixtures";
import { get } from "../public/request";
import { holdClock } from "../support/held-clock";

// The IETF httpapi draft's fields (draft-ietf-httpapi-ratelimit-headers-10), read as RFC 9651
// structured fields: RateLimit-Policy is a List of quota policies, a String naming each, with its
// quota `q` and window `w`; RateLimit a List with the policy's name, `r` remaining and `t` seconds
// until the window next frees capacity. They must agree with the X-RateLimit-* fields.

function policyOf(headers: Headers) {
  const [policy, ...others] = parseList(headers.get("ratelimit-policy")!) as Item[];
  expect(others).toEqual([]);
  return { name: policy![0], q: policy![1].get("q"), w: policy![1].get("w") };
}

function limitOf(headers: Headers) {
  const [limit, ...others] = parseList(headers.get("ratelimit")!) as Item[];
  expect(others).toEqual([]);
  return { name: limit![0], r: limit![1].get("r"), t: limit![1].get("t") };
}

/** `sentAt`: when the request was sent, so a slow machine's delay before the check is allowed for. */
function expectAgreement(headers: Headers, name: string, limit: number, sentAt: number) {
  expect(policyOf(headers)).toEqual({ name, q: limit, w: 60 });
  const current = limitOf(headers);
  expect(current.name).toBe(name);
  expect(current.r).toBe(Number(headers.get("x-ratelimit-remaining")));
  const untilResetWhenSent = Number(headers.get("x-ratelimit-reset")) - sentAt / 1000;
  const elapsed = (Date.now() - sentAt) / 1000;
  expect(current.t).toBeGreaterThanOrEqual(0);
  expect(current.t).toBeLessThanOrEqual(60);
  // Both name the same instant, each rounded to whole seconds when the answer was made.
  expect(current.t as number).toBeLessThanOrEqual(untilResetWhenSent + 1);
  expect(current.t as number).toBeGreaterThanOrEqual(untilResetWhenSent - elapsed - 1);
}

describe(`RateLimit-Policy and RateLimit (${rateLimitBackend()} backend)`, () => {
  it("/api/v1: on a success, a refusal after counting, and a 429; never on a 401", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["posts:read"]);
    holdClock();
    let sentAt = Date.now();
    const ok = await call(posts.GET, "GET", "/api/v1/posts", { key });
    expectAgreement(ok.headers, "per-key", 100, sentAt);
    expect(limitOf(ok.headers).r).toBe(99);

    sentAt = Date.now();
    const refused = await call(posts.POST, "POST", "/api/v1/posts", { key, body: {} });
    expect(refused.status).toBe(403);
    expectAgreement(refused.headers, "per-key", 100, sentAt);
    expect(limitOf(refused.headers).r).toBe(98);

    for (let i = 0; i < 98; i++) await call(posts.GET, "GET", "/api/v1/posts", { key, query: { limit: "1" } });
    sentAt = Date.now();
    const limited = await call(posts.GET, "GET", "/api/v1/posts", { key });
    expect(limited.status).toBe(429);
    expectAgreement(limited.headers, "per-key", 100, sentAt);
    expect(limitOf(limited.headers).r).toBe(0);

    const anonymous = await call(posts.GET, "GET", "/api/v1/posts");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit")).toBeNull();
    expect(anonymous.headers.get("ratelimit-policy")).toBeNull();
  });

  it("/api/public: per client IP, and exposed to browsers", async () => {
    const portal = await seedPortal();
    const sentAt = Date.now();
    const result = await get(status.GET, `/api/public/${portal.slug}/status`, { workspace: portal.slug });
    expect(result.status).toBe(200);
    expectAgreement(result.headers, "per-ip", Number(result.headers.get("x-ratelimit-limit")), sentAt);
    const exposed = result.headers.get("access-control-expose-headers")!.split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["RateLimit-Policy", "RateLimit"]));
  });
});
