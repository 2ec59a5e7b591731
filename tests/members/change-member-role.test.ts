import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { changeMemberRole } from "@/lib/domain/members/change-member-role";
import { LAST_OWNER_MESSAGE } from "@/lib/domain/members/owner-rules";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

async function roleOf(workspaceId: string, userId: string) {
  return (await db.membership.findFirst({ where: { workspaceId, userId } }))?.role ?? null;
}

describe("changeMemberRole", () => {
  it("an admin changes a member's role, and back", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const member = await tenant.member("MEMBER");
    const actor = await actorOf(tenant, admin);
    expect(await changeMemberRole(actor, { userId: member.id, role: "VIEWER" })).toEqual({ userId: member.id, role: "VIEWER" });
    expect(await roleOf(tenant.workspace.id, member.id)).toBe("VIEWER");
    await changeMemberRole(actor, { userId: member.id, role: "ADMIN" });
    expect(await roleOf(tenant.workspace.id, member.id)).toBe("ADMIN");
  });

  it("members and viewers cannot change roles", async () => {
    const tenant = await seedTenant();
    const [member, viewer] = [await tenant.member("MEMBER"), await tenant.member("VIEWER")];
    await expectApiError(changeMemberRole(await actorOf(tenant, viewer), { userId: member.id, role: "VIEWER" }), "FORBIDDEN");
    await expectApiError(changeMemberRole(await actorOf(tenant, member), { userId: viewer.id, role: "MEMBER" }), "FORBIDDEN");
    await expectApiError(changeMemberRole(await actorOf(tenant, viewer), { userId: viewer.id, role: "OWNER" }), "FORBIDDEN");
    expect(await roleOf(tenant.workspace.id, member.id)).toBe("MEMBER");
    expect(await roleOf(tenant.workspace.id, viewer.id)).toBe("VIEWER");
  });

  it("only owners change an owner's role or make owners", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const member = await tenant.member("MEMBER");
    const secondOwner = await tenant.member("OWNER");
    const adminActor = await actorOf(tenant, admin);
    await expectApiError(changeMemberRole(adminActor, { userId: member.id, role: "OWNER" }), "FORBIDDEN");
    await expectApiError(changeMemberRole(adminActor, { userId: secondOwner.id, role: "MEMBER" }), "FORBIDDEN");
    await expectApiError(changeMemberRole(adminActor, { userId: admin.id, role: "OWNER" }), "FORBIDDEN");
    const ownerActor = await actorOf(tenant, tenant.owner);
    await changeMemberRole(ownerActor, { userId: member.id, role: "OWNER" });
    expect(await roleOf(tenant.workspace.id, member.id)).toBe("OWNER");
  });

  it("the last owner cannot be demoted, not even by themselves; with two owners one may step down", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const error = await expectApiError(changeMemberRole(actor, { userId: tenant.owner.id, role: "ADMIN" }), "CONFLICT");
    expect(error.message).toBe(LAST_OWNER_MESSAGE);
    expect(await roleOf(tenant.workspace.id, tenant.owner.id)).toBe("OWNER");

    const second = await tenant.member("OWNER");
    await changeMemberRole(actor, { userId: tenant.owner.id, role: "ADMIN" });
    expect(await roleOf(tenant.workspace.id, tenant.owner.id)).toBe("ADMIN");
    await expectApiError(changeMemberRole(await actorOf(tenant, second), { userId: second.id, role: "MEMBER" }), "CONFLICT");
  });

  it("two owners demoting each other at the same moment leave one owner", async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await seedTenant();
      const other = await tenant.member("OWNER");
      const [a, b] = [await actorOf(tenant, tenant.owner), await actorOf(tenant, other)];
      const results = await Promise.allSettled([
        changeMemberRole(a, { userId: other.id, role: "MEMBER" }),
        changeMemberRole(b, { userId: tenant.owner.id, role: "MEMBER" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, role: "OWNER" } })).toBe(1);
    }
  });

  it("a role read before a concurrent demotion is not trusted: the change is re-checked under the lock", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const member = await tenant.member("MEMBER");
    const staleAdmin = await actorOf(tenant, admin); // role ADMIN, read now
    await changeMemberRole(await actorOf(tenant, tenant.owner), { userId: admin.id, role: "VIEWER" });
    await expectApiError(changeMemberRole(staleAdmin, { userId: member.id, role: "VIEWER" }), "FORBIDDEN");
    expect(await roleOf(tenant.workspace.id, member.id)).toBe("MEMBER");
  });

  it("bad input and unknown members are refused", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const member = await tenant.member("MEMBER");
    const bad = await expectApiError(changeMemberRole(actor, { userId: member.id, role: "SUPER" as never }), "VALIDATION_ERROR");
    expect(bad.details?.[0]?.path).toBe("role");
    await expectApiError(changeMemberRole(actor, { userId: "", role: "VIEWER" }), "VALIDATION_ERROR");
    await expectApiError(changeMemberRole(actor, { userId: "no-such-user", role: "VIEWER" }), "NOT_FOUND");

    const elsewhere = await seedTenant();
    const stranger = await elsewhere.member("MEMBER");
    await expectApiError(changeMemberRole(actor, { userId: stranger.id, role: "VIEWER" }), "NOT_FOUND");
    expect(await roleOf(elsewhere.workspace.id, stranger.id)).toBe("MEMBER");
  });

  it("a demotion takes effect on the member's API keys at the next request", async () => {
    const { verifyApiKey } = await import("@/lib/domain/keys/verify-api-key");
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const key = await tenant.key(["changelog:write"], { creatorId: admin.id });
    expect((await verifyApiKey(`Bearer ${key}`)).creatorRole).toBe("ADMIN");
    await changeMemberRole(await actorOf(tenant, tenant.owner), { userId: admin.id, role: "MEMBER" });
    expect((await verifyApiKey(`Bearer ${key}`)).creatorRole).toBe("MEMBER");
  });
});
