import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { addMember } from "@/lib/domain/members/add-member";
import { LAST_OWNER_MESSAGE } from "@/lib/domain/members/owner-rules";
import { removeMember } from "@/lib/domain/members/remove-member";
import { revokeInvitation } from "@/lib/domain/members/revoke-invitation";
import { verifyApiKey } from "@/lib/domain/keys/verify-api-key";
import { createUser } from "@/lib/domain/users/create-user";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

const isMember = async (workspaceId: string, userId: string) => (await db.membership.count({ where: { workspaceId, userId } })) === 1;

describe("removeMember", () => {
  it("an admin removes a member; the keys they created are revoked with them, and only theirs", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const member = await tenant.member("MEMBER");
    const keys = [await tenant.key(["posts:write"], { creatorId: member.id }), await tenant.key(["posts:read"], { creatorId: member.id })];
    const alreadyRevoked = new Date("2026-01-01T00:00:00Z");
    await tenant.key(["posts:read"], { creatorId: member.id, revokedAt: alreadyRevoked });
    const adminKey = await tenant.key(["posts:read"], { creatorId: admin.id });
    expect(await removeMember(await actorOf(tenant, admin), { userId: member.id })).toEqual({ userId: member.id, revokedKeys: 2 });
    expect(await isMember(tenant.workspace.id, member.id)).toBe(false);
    for (const key of keys) await expectApiError(verifyApiKey(`Bearer ${key}`), "UNAUTHORIZED");
    expect(await db.apiKey.count({ where: { createdById: member.id, revokedAt: alreadyRevoked } })).toBe(1);
    expect((await verifyApiKey(`Bearer ${adminKey}`)).creatorRole).toBe("ADMIN");
  });

  it("a removed member's keys stay dead when the person is added again", async () => {
    const tenant = await seedTenant();
    const member = await tenant.member("ADMIN");
    const key = await tenant.key("all", { creatorId: member.id });
    await removeMember(await actorOf(tenant, tenant.owner), { userId: member.id });
    // Back in the workspace (as an accepted invitation would make them), with the same role.
    await db.membership.create({ data: { workspaceId: tenant.workspace.id, userId: member.id, role: "ADMIN" } });
    await expectApiError(verifyApiKey(`Bearer ${key}`), "UNAUTHORIZED");
  });

  it("members and viewers cannot remove anyone; admins cannot remove owners", async () => {
    const tenant = await seedTenant();
    const [admin, member, viewer] = [await tenant.member("ADMIN"), await tenant.member("MEMBER"), await tenant.member("VIEWER")];
    await expectApiError(removeMember(await actorOf(tenant, member), { userId: viewer.id }), "FORBIDDEN");
    await expectApiError(removeMember(await actorOf(tenant, viewer), { userId: member.id }), "FORBIDDEN");
    await expectApiError(removeMember(await actorOf(tenant, admin), { userId: tenant.owner.id }), "FORBIDDEN");
    for (const user of [tenant.owner, admin, member, viewer]) expect(await isMember(tenant.workspace.id, user.id)).toBe(true);
  });

  it("the last owner cannot be removed or leave; another owner can be removed while one remains", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const error = await expectApiError(removeMember(actor, { userId: tenant.owner.id }), "CONFLICT");
    expect(error.message).toBe(LAST_OWNER_MESSAGE);
    const second = await tenant.member("OWNER");
    await removeMember(actor, { userId: second.id });
    expect(await isMember(tenant.workspace.id, second.id)).toBe(false);
    await expectApiError(removeMember(actor, { userId: tenant.owner.id }), "CONFLICT");
  });

  it("two owners removing each other at the same moment leave one owner", async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await seedTenant();
      const other = await tenant.member("OWNER");
      // Both actors are read before either removal starts, as two open browser tabs would be.
      const [first, second] = [await actorOf(tenant, tenant.owner), await actorOf(tenant, other)];
      const results = await Promise.allSettled([
        removeMember(first, { userId: other.id }),
        removeMember(second, { userId: tenant.owner.id }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, role: "OWNER" } })).toBe(1);
    }
  });

  it("an admin may leave; unknown ids and other workspaces' members are NOT_FOUND; bad input is refused", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    await removeMember(await actorOf(tenant, admin), { userId: admin.id });
    expect(await isMember(tenant.workspace.id, admin.id)).toBe(false);

    const actor = await actorOf(tenant, tenant.owner);
    await expectApiError(removeMember(actor, { userId: "nobody" }), "NOT_FOUND");
    const elsewhere = await seedTenant();
    const stranger = await elsewhere.member("MEMBER");
    await expectApiError(removeMember(actor, { userId: stranger.id }), "NOT_FOUND");
    expect(await isMember(elsewhere.workspace.id, stranger.id)).toBe(true);
    await expectApiError(removeMember(actor, { userId: "has spaces" }), "VALIDATION_ERROR");
    await expectApiError(removeMember(actor, {} as never), "VALIDATION_ERROR");
  });
});

describe("revokeInvitation", () => {
  it("withdraws a pending invitation, so signing up later joins nothing", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const email = `later-${crypto.randomUUID()}@example.test`;
    const added = await addMember(actor, { email, role: "MEMBER" });
    if (added.kind !== "invitation") throw new Error("expected an invitation");
    await revokeInvitation(actor, { invitationId: added.invitationId });
    await expectApiError(revokeInvitation(actor, { invitationId: added.invitationId }), "NOT_FOUND");
    const user = await createUser({ email, password: "long-enough-password" });
    if (!user.ok) throw new Error("sign-up failed");
    expect(await isMember(tenant.workspace.id, user.data.id)).toBe(false);
  });

  it("only admins and owners revoke, and only their own workspace's invitations", async () => {
    const tenant = await seedTenant();
    const member = await tenant.member("MEMBER");
    const added = await addMember(await actorOf(tenant, tenant.owner), { email: `x-${crypto.randomUUID()}@example.test`, role: "VIEWER" });
    if (added.kind !== "invitation") throw new Error("expected an invitation");
    await expectApiError(revokeInvitation(await actorOf(tenant, member), { invitationId: added.invitationId }), "FORBIDDEN");
    const elsewhere = await seedTenant();
    await expectApiError(revokeInvitation(await actorOf(elsewhere, elsewhere.owner), { invitationId: added.invitationId }), "NOT_FOUND");
    expect(await db.invitation.count({ where: { id: added.invitationId } })).toBe(1);
    await expectApiError(revokeInvitation(await actorOf(tenant, tenant.owner), { invitationId: "" }), "VALIDATION_ERROR");
  });
});
