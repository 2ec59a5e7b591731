import { expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import type { RouteHandler } from "@/lib/surfaces/api/define-route";
import { KEY_PREFIX, generateKey } from "@/lib/domain/keys/format";
import { MIN_ROLE_FOR_SCOPE, type Scope } from "@/lib/domain/access/roles";
import type { Role } from "@/lib/generated/prisma/enums";
import { call, seedTenant, type CallOptions, type CallResult, type Tenant } from "./api";

const ROLES_BELOW: Record<Role, Role | null> = { VIEWER: null, MEMBER: "VIEWER", ADMIN: "MEMBER", OWNER: "ADMIN" };

interface Endpoint {
  handler: RouteHandler;
  method: string;
  path: string;
  scope: Scope;
  /** Builds a valid request for this tenant (params, body); called after seeding. */
  request?: (tenant: Tenant) => Promise<CallOptions> | CallOptions;
}

export function expectError(result: { status: number; json: unknown; headers: Headers }, status: number, code: string) {
  expect(result.status).toBe(status);
  expect(result.json).toMatchObject({ success: false, code, error: expect.any(String), requestId: expect.stringMatching(/^req_/) });
  expect(result.headers.get("x-request-id")).toBe((result.json as { requestId: string }).requestId);
}

/** A 400 VALIDATION_ERROR whose details name the input at `path`, with a message and a code for it. */
export function expectValidationError(result: CallResult, path: string) {
  expectError(result, 400, "VALIDATION_ERROR");
  expect(result.json.details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String), code: expect.any(String) })]));
}

type QueryCase = [query: Record<string, string>, param: string];
type LabelledQueryCase = [label: string, query: Record<string, string>, param: string];

interface QueryCheck {
  handler: RouteHandler;
  path: string;
  /** A key allowed to call the endpoint; made afresh for every case. */
  key: () => Promise<string>;
  /** Each bad query with the parameter its details row must name; a label, if given, names the test. */
  cases: QueryCase[] | LabelledQueryCase[];
}

/** The bad-query rows of a GET endpoint's checklist: one 400 VALIDATION_ERROR test per query. */
export function itRejectsQueries({ handler, path, key, cases }: QueryCheck) {
  const check = async (query: Record<string, string>, param: string) => {
    expectValidationError(await call(handler, "GET", path, { key: await key(), query }), param);
  };
  if (isLabelled(cases)) {
    it.each(cases)("400 VALIDATION_ERROR with details for %s", (_label, query, param) => check(query, param));
  } else {
    it.each(cases)("400 VALIDATION_ERROR with details for %j", (query, param) => check(query, param));
  }
}

function isLabelled(cases: QueryCase[] | LabelledQueryCase[]): cases is LabelledQueryCase[] {
  return cases.some((row) => row.length === 3);
}

/**
 * The wrong-method row: each of `methods` answers 405 METHOD_NOT_ALLOWED naming the allowed ones
 * (`allow`, plus OPTIONS), and OPTIONS answers the same list.
 */
export function itAnswers405<Method extends string>(route: Record<Method | "OPTIONS", RouteHandler>, path: string, { methods, allow }: { methods: Method[]; allow: string }) {
  it("405 with Allow for a wrong method; OPTIONS names the same methods", async () => {
    for (const method of methods) {
      const result = await call(route[method], method, path);
      expectError(result, 405, "METHOD_NOT_ALLOWED");
      expect(result.headers.get("allow")).toBe(`${allow}, OPTIONS`);
    }
    const options = await route.OPTIONS(new Request(`http://localhost${path}`, { method: "OPTIONS" }), { params: Promise.resolve({}) });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe(`${allow}, OPTIONS`);
  });
}

/**
 * The authentication and authorization rows of one endpoint's checklist:
 * 401 for every kind of bad key, 403 INSUFFICIENT_SCOPES naming the scope, 403 FORBIDDEN for a
 * creator whose role is too low or who left, and rate-limit headers on key-identified answers.
 */
export function itChecksKeys(endpoint: Endpoint) {
  const send = async (tenant: Tenant, key: string | null, extra: Partial<CallOptions> = {}) => {
    const options = { ...(await endpoint.request?.(tenant)), ...extra, key };
    return call(endpoint.handler, endpoint.method, endpoint.path, options);
  };

  it("401 without a key, with a malformed, mistyped, unknown, revoked or expired key", async () => {
    const tenant = await seedTenant();
    const valid = await tenant.key([endpoint.scope]);
    const mistyped = valid.slice(0, -1) + (valid.endsWith("a") ? "b" : "a");
    const cases = [
      null,
      "not-a-key",
      `${KEY_PREFIX}short`,
      mistyped,
      generateKey(),
      await tenant.key([endpoint.scope], { revokedAt: new Date() }),
      await tenant.key([endpoint.scope], { expiresAt: new Date(Date.now() - 1000) }),
    ];
    for (const key of cases) {
      const result = await send(tenant, key);
      expectError(result, 401, "UNAUTHORIZED");
      expect(result.headers.get("x-ratelimit-limit")).toBeNull();
    }
    const basic = await call(endpoint.handler, endpoint.method, endpoint.path, {
      ...(await endpoint.request?.(tenant)),
      headers: { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` },
    });
    expectError(basic, 401, "UNAUTHORIZED");
  });

  it(`403 INSUFFICIENT_SCOPES naming ${endpoint.scope}`, async () => {
    const tenant = await seedTenant();
    const other: Scope = endpoint.scope === "boards:read" ? "todos:read" : "boards:read";
    const result = await send(tenant, await tenant.key([other]));
    expectError(result, 403, "INSUFFICIENT_SCOPES");
    expect(result.json.error).toContain(endpoint.scope);
    expect(result.headers.get("x-ratelimit-remaining")).not.toBeNull();
  });

  it("403 FORBIDDEN when the creator's role is too low or the creator left", async () => {
    const tenant = await seedTenant();
    const below = ROLES_BELOW[MIN_ROLE_FOR_SCOPE[endpoint.scope]];
    if (below) {
      const weak = await tenant.member(below);
      const result = await send(tenant, await tenant.key([endpoint.scope], { creatorId: weak.id }));
      expectError(result, 403, "FORBIDDEN");
    }
    const leaver = await tenant.member("OWNER", "leaver");
    const key = await tenant.key([endpoint.scope], { creatorId: leaver.id });
    await db.membership.deleteMany({ where: { userId: leaver.id } });
    expectError(await send(tenant, key), 403, "FORBIDDEN");
  });
}
