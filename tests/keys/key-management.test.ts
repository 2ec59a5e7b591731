import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { createApiKey } from "@/lib/domain/keys/create-api-key";
import { listApiKeys } from "@/lib/domain/keys/list-api-keys";
import { revokeApiKey } from "@/lib/domain/keys/revoke-api-key";
import { verifyApiKey } from "@/lib/domain/keys/verify-api-key";
import { getPlanUsage } from "@/lib/domain/plans/get-plan-usage";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

// The key functions as the dashboard's server actions call them (the API issue owns their
// internals; these pin the behaviour the settings page relies on).
describe("API keys from the dashboard", () => {
  it("creates a key shown once; the list carries its hint but never the key or its hash", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const actor = await actorOf(tenant, admin);
    const { key, apiKey } = await createApiKey(actor, { name: "CI deploys", scopes: ["posts:read", "posts:read"], expiresInDays: 30 });
    expect(apiKey).toMatchObject({ name: "CI deploys", scopes: ["posts:read"], state: "active", createdBy: { id: admin.id } });
    expect(apiKey.hint).toBe(`wsk_…${key.slice(-4)}`);
    expect(new Date(apiKey.expiresAt!).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect((await verifyApiKey(`Bearer ${key}`)).scopes).toEqual(["posts:read"]);

    const listed = await listApiKeys(actor);
    const text = JSON.stringify(listed);
    const { hash } = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(text).not.toContain(key);
    expect(text).not.toContain(hash);
    expect(Object.keys(listed[0]!).sort()).toEqual(["createdAt", "createdBy", "expiresAt", "hint", "id", "lastUsedAt", "name", "revokedAt", "scopes", "state"]);
  });

  it("members and viewers can neither create, list nor revoke keys", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["posts:read"]);
    const { id } = await db.apiKey.findFirstOrThrow({ where: { workspaceId: tenant.workspace.id } });
    for (const role of ["MEMBER", "VIEWER"] as const) {
      const actor = await actorOf(tenant, await tenant.member(role));
      await expectApiError(createApiKey(actor, { name: "x", scopes: ["posts:read"] }), "FORBIDDEN");
      await expectApiError(listApiKeys(actor), "FORBIDDEN");
      await expectApiError(revokeApiKey(actor, id), "FORBIDDEN");
    }
    expect((await verifyApiKey(`Bearer ${key}`)).keyId).toBe(id);
  });

  it("a scope above the creator's role is FORBIDDEN, and nothing is stored", async () => {
    const tenant = await seedTenant();
    const member = await tenant.member("MEMBER");
    // A member asking for an admin-only scope: refused whatever the role check order.
    await expectApiError(createApiKey(await actorOf(tenant, member), { name: "x", scopes: ["changelog:write"] }), "FORBIDDEN");
    // An actor whose role was lowered between reading and acting still cannot pass a scope above it.
    const admin = await tenant.member("ADMIN");
    const stale = { ...(await actorOf(tenant, admin)), role: "MEMBER" as const };
    await expectApiError(createApiKey(stale, { name: "x", scopes: ["status:write"] }), "FORBIDDEN");
    expect(await db.apiKey.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("refuses bad input: empty name, no scopes, unknown scope, odd expiry", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const paths = async (input: unknown) =>
      (await expectApiError(createApiKey(actor, input as never), "VALIDATION_ERROR")).details?.map((d) => d.path.split(".")[0]);
    expect(await paths({ name: "  ", scopes: ["posts:read"] })).toEqual(["name"]);
    expect(await paths({ name: "x", scopes: [] })).toEqual(["scopes"]);
    expect(await paths({ name: "x", scopes: ["posts:delete"] })).toEqual(["scopes"]);
    expect(await paths({ name: "x", scopes: ["posts:read"], expiresInDays: 14 })).toEqual(["expiresInDays"]);
    expect(await db.apiKey.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("the sixth active key on FREE is PLAN_LIMIT; revoked and expired keys do not count", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    await tenant.key(["posts:read"], { revokedAt: new Date() });
    await tenant.key(["posts:read"], { expiresAt: new Date(Date.now() - 1000) });
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createApiKey(actor, { name: `k${i}`, scopes: ["posts:read"] }));
    const error = await expectApiError(createApiKey(actor, { name: "sixth", scopes: ["posts:read"] }), "PLAN_LIMIT");
    expect(error.message).toBe("The Free plan allows 5 active API keys. Upgrade to Pro for more.");
    expect(await getPlanUsage(actor.db, "FREE", ["activeApiKeys"])).toEqual([{ resource: "activeApiKeys", used: 5, limit: 5 }]);

    await revokeApiKey(actor, created[0]!.apiKey.id);
    expect((await createApiKey(actor, { name: "replacement", scopes: ["posts:read"] })).apiKey.state).toBe("active");
  });

  it("concurrent creates never exceed five active keys", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const results = await Promise.allSettled(
      Array.from({ length: 9 }, (_, i) => createApiKey(actor, { name: `race ${i}`, scopes: ["posts:read"] })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason.code === "PLAN_LIMIT")).toBe(true);
    expect(await db.apiKey.count({ where: { workspaceId: tenant.workspace.id } })).toBe(5);
  });

  it("revoking stops the key at its next verification; revoking twice keeps the first time; other workspaces' keys are NOT_FOUND", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const { key, apiKey } = await createApiKey(actor, { name: "to revoke", scopes: ["posts:read"] });
    const first = await revokeApiKey(actor, apiKey.id);
    expect(first.state).toBe("revoked");
    await expectApiError(verifyApiKey(`Bearer ${key}`), "UNAUTHORIZED");
    expect((await revokeApiKey(actor, apiKey.id)).revokedAt).toBe(first.revokedAt);

    const elsewhere = await seedTenant();
    const { apiKey: foreign } = await createApiKey(await actorOf(elsewhere, elsewhere.owner), { name: "theirs", scopes: ["posts:read"] });
    await expectApiError(revokeApiKey(actor, foreign.id), "NOT_FOUND");
    expect((await listApiKeys(await actorOf(elsewhere, elsewhere.owner)))[0]!.state).toBe("active");
    expect((await listApiKeys(actor)).map((k) => k.id)).toEqual([apiKey.id]);
  });
});
