import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/members/route";
import { db } from "@/lib/platform/db/client";
import { call, seedTenant, uniqueSuffix } from "../support/api";
import { expectError, itAnswers405, itChecksKeys, itRejectsQueries } from "../support/endpoint-checklist";

async function tenantWithKey() {
  const tenant = await seedTenant();
  return { tenant, key: await tenant.key(["members:read"]) };
}

const findMember = (key: string, query: Record<string, string>) => call(collection.GET, "GET", "/api/v1/members", { key, query });

describe("GET /api/v1/members?email=", () => {
  itChecksKeys({
    handler: collection.GET,
    method: "GET",
    path: "/api/v1/members",
    scope: "members:read",
    request: (tenant) => ({ query: { email: tenant.owner.email } }),
  });

  it("200 with the one member holding that address", async () => {
    const { tenant, key } = await tenantWithKey();
    const admin = await tenant.member("ADMIN", "admin");
    const membership = await db.membership.findFirstOrThrow({ where: { workspaceId: tenant.workspace.id, userId: admin.id } });
    const result = await findMember(key, { email: admin.email });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      success: true,
      data: { userId: admin.id, email: admin.email, name: "admin", role: "ADMIN", joinedAt: membership.createdAt.toISOString() },
    });
    expect(result.headers.get("x-ratelimit-limit")).toBe("100");
  });

  it("matches the address case-insensitively, ignoring surrounding spaces", async () => {
    const { tenant, key } = await tenantWithKey();
    const result = await findMember(key, { email: `  ${tenant.owner.email.toUpperCase()} ` });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({ userId: tenant.owner.id, email: tenant.owner.email, role: "OWNER" });
  });

  it("a member without a name answers name: null", async () => {
    const { tenant, key } = await tenantWithKey();
    const user = await db.user.create({ data: { email: `nameless-${uniqueSuffix()}@example.test` } });
    await db.membership.create({ data: { workspaceId: tenant.workspace.id, userId: user.id, role: "VIEWER" } });
    const result = await findMember(key, { email: user.email });
    expect(result.json.data).toMatchObject({ userId: user.id, name: null, role: "VIEWER" });
  });

  it("404 with the same body for a member of another workspace only, a former member, an invitee and an unknown address", async () => {
    const { tenant, key } = await tenantWithKey();
    const other = await seedTenant();
    const former = await tenant.member("MEMBER", "former");
    await db.membership.deleteMany({ where: { workspaceId: tenant.workspace.id, userId: former.id } });
    const invitee = `invitee-${uniqueSuffix()}@example.test`;
    await db.invitation.create({ data: { workspaceId: tenant.workspace.id, email: invitee, role: "MEMBER", expiresAt: new Date(Date.now() + 86_400_000) } });

    const bodies = new Set<string>();
    for (const email of [other.owner.email, former.email, invitee, `nobody-${uniqueSuffix()}@example.test`]) {
      const result = await findMember(key, { email });
      expectError(result, 404, "NOT_FOUND");
      bodies.add(`${Object.keys(result.json).sort().join()}|${result.json.error}`);
    }
    expect(bodies.size).toBe(1);
  });

  itRejectsQueries({
    handler: collection.GET,
    path: "/api/v1/members",
    key: async () => (await tenantWithKey()).key,
    cases: [
      ["no email", {}, "email"],
      ["an empty email", { email: "" }, "email"],
      ["not an email", { email: "owner" }, "email"],
      ["two at-signs", { email: "a@b@example.test" }, "email"],
      ["a NUL byte", { email: "a\u0000@example.test" }, "email"],
      ["a lone surrogate", { email: "\ud800@example.test" }, "email"],
      ["an over-long address", { email: `${"a".repeat(250)}@example.test` }, "email"],
      ["an unknown field", { email: "a@example.test", role: "OWNER" }, "role"],
      ["pagination it does not have", { email: "a@example.test", limit: "10" }, "limit"],
    ],
  });

  it("400 when email is given twice", async () => {
    const { tenant, key } = await tenantWithKey();
    const path = `/api/v1/members?email=${encodeURIComponent(tenant.owner.email)}&email=x%40example.test`;
    const result = await call(collection.GET, "GET", path, { key });
    expectError(result, 400, "VALIDATION_ERROR");
    expect(result.json.details).toEqual([expect.objectContaining({ path: "email" })]);
  });

  it("the missing-email message says it is required", async () => {
    const { key } = await tenantWithKey();
    const result = await findMember(key, {});
    expect(result.json.details).toEqual([{ path: "email", message: "email is required.", code: "invalid_type" }]);
  });

  itAnswers405(collection, "/api/v1/members", { methods: ["POST", "DELETE"], allow: "GET, HEAD" });
});
