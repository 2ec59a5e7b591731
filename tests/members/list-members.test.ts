import { describe, expect, it } from "vitest";
import { addMember } from "@/lib/domain/members/add-member";
import { keyHint } from "@/lib/domain/keys/format";
import { listMembers } from "@/lib/domain/members/list-members";
import { seedTenant } from "../support/api";
import { actorOf } from "../support/actors";

describe("listMembers", () => {
  it("lists this workspace's members owners first; invitations only for those who manage members", async () => {
    const tenant = await seedTenant();
    const viewer = await tenant.member("VIEWER");
    const admin = await tenant.member("ADMIN");
    await (await seedTenant()).member("MEMBER", "stranger");
    const email = `invited-${crypto.randomUUID()}@example.test`;
    await addMember(await actorOf(tenant, tenant.owner), { email, role: "MEMBER" });
    const adminKey = await tenant.key(["posts:read"], { creatorId: admin.id });
    await tenant.key(["posts:read"], { creatorId: admin.id, revokedAt: new Date() });

    const asAdmin = await listMembers(await actorOf(tenant, admin));
    expect(asAdmin.members.map((m) => [m.userId, m.role])).toEqual([
      [tenant.owner.id, "OWNER"],
      [admin.id, "ADMIN"],
      [viewer.id, "VIEWER"],
    ]);
    expect(asAdmin.members[0]).toEqual({
      userId: tenant.owner.id,
      email: tenant.owner.email,
      name: "owner",
      role: "OWNER",
      joinedAt: expect.any(String),
      activeKeys: [],
    });
    // What a removal would revoke: the admin's working keys only.
    expect(asAdmin.members[1]!.activeKeys).toEqual([{ id: expect.any(String), name: "test key", hint: keyHint(adminKey) }]);
    expect(asAdmin.invitations).toEqual([
      { id: expect.any(String), email, role: "MEMBER", invitedBy: "owner", createdAt: expect.any(String), expiresAt: expect.any(String), expired: false },
    ]);

    const asViewer = await listMembers(await actorOf(tenant, viewer));
    expect(asViewer.members).toHaveLength(3);
    expect(asViewer.members.every((member) => member.activeKeys.length === 0)).toBe(true);
    expect(asViewer.invitations).toEqual([]);
  });
});
