import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";
import { verifyApiKey } from "@/lib/domain/keys/verify-api-key";
import { removeMember } from "@/lib/domain/members/remove-member";
import { LAST_OWNER_LEAVING, leaveWorkspace, ONLY_MEMBER_LEAVING } from "@/lib/domain/workspaces/leave-workspace";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

const isMember = async (workspaceId: string, userId: string) => (await db.membership.count({ where: { workspaceId, userId } })) === 1;
const owners = (workspaceId: string) => db.membership.count({ where: { workspaceId, role: "OWNER" } });

describe("leaveWorkspace", () => {
  it.each(["ADMIN", "MEMBER", "VIEWER"] as const)("a %s leaves; their keys are revoked, and stay so if they come back", async (role) => {
    const tenant = await seedTenant();
    const person = await tenant.member(role);
    const key = await tenant.key(["posts:read"], { creatorId: person.id });
    const ownerKey = await tenant.key(["posts:read"]);
    expect(await leaveWorkspace(await actorOf(tenant, person))).toEqual({ userId: person.id });
    expect(await isMember(tenant.workspace.id, person.id)).toBe(false);
    await expectApiError(verifyApiKey(`Bearer ${key}`), "UNAUTHORIZED");
    await db.membership.create({ data: { workspaceId: tenant.workspace.id, userId: person.id, role } });
    await expectApiError(verifyApiKey(`Bearer ${key}`), "UNAUTHORIZED");
    expect((await verifyApiKey(`Bearer ${ownerKey}`)).creatorRole).toBe("OWNER");
    expect(await isMember(tenant.workspace.id, tenant.owner.id)).toBe(true);
  });

  it("the last owner is told to hand ownership on or delete; alone, to delete; with a second owner, leaves", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    expect((await expectApiError(leaveWorkspace(actor), "CONFLICT")).message).toBe(ONLY_MEMBER_LEAVING);
    const admin = await tenant.member("ADMIN");
    expect((await expectApiError(leaveWorkspace(actor), "CONFLICT")).message).toBe(LAST_OWNER_LEAVING);
    expect(await isMember(tenant.workspace.id, tenant.owner.id)).toBe(true);

    await db.membership.updateMany({ where: { workspaceId: tenant.workspace.id, userId: admin.id }, data: { role: "OWNER" } });
    await leaveWorkspace(actor);
    expect(await isMember(tenant.workspace.id, tenant.owner.id)).toBe(false);
    expect(await owners(tenant.workspace.id)).toBe(1);
  });

  it("leaving twice (two tabs): the second is told the workspace is out of reach", async () => {
    const tenant = await seedTenant();
    const member = await tenant.member("MEMBER");
    const actor = await actorOf(tenant, member);
    await leaveWorkspace(actor);
    expect((await expectApiError(leaveWorkspace(actor), "NOT_FOUND")).message).toBe(WORKSPACE_GONE);
  });

  it("two owners leaving at the same moment leave one owner", async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await seedTenant();
      const other = await tenant.member("OWNER");
      const [first, second] = [await actorOf(tenant, tenant.owner), await actorOf(tenant, other)];
      const results = await Promise.allSettled([leaveWorkspace(first), leaveWorkspace(second)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      // The one who stays is now the only member, and is told so.
      expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT", message: ONLY_MEMBER_LEAVING });
      expect(await owners(tenant.workspace.id)).toBe(1);
    }
  });

  it("an owner leaving in one tab while removing the other owner in another leaves one owner", async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await seedTenant();
      const other = await tenant.member("OWNER");
      const actor = await actorOf(tenant, tenant.owner);
      const results = await Promise.allSettled([leaveWorkspace(actor), removeMember(actor, { userId: other.id })]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await owners(tenant.workspace.id)).toBe(1);
    }
  });
});
