import { describe, expect, it } from "vitest";
import { addMember } from "@/lib/members/add-member";
import { listMembers } from "@/lib/members/list-members";
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

    const asAdmin = await listMembers(await actorOf(tenant, admin));
    expect(asAdmin.members.map((m) => [m.userId, m.role])).toEqual([
      [tenant.owner.id, "OWNER"],
      [admin.id, "ADMIN"],
      [viewer.id, "VIEWER"],
    ]);
    expect(asAdmin.members[0]).toEqual({ userId: tenant.owner.id, email: tenant.owner.email, name: "owner", role: "OWNER", joinedAt: expect.any(String) });
    expect(asAdmin.invitations).toEqual([{ id: expect.any(String), email, role: "MEMBER", invitedBy: "owner", createdAt: expect.any(String) }]);

    const asViewer = await listMembers(await actorOf(tenant, viewer));
    expect(asViewer.members).toHaveLength(3);
    expect(asViewer.invitations).toEqual([]);
  });
});
