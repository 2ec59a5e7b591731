import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { addMember } from "@/lib/domain/members/add-member";
import { createUser } from "@/lib/domain/users/create-user";
import { createTestUser, seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

describe("addMember", () => {
  it("an existing account is invited, not added: it has no membership until it accepts", async () => {
    const tenant = await seedTenant();
    const someone = await createTestUser("someone");
    const result = await addMember(await actorOf(tenant, tenant.owner), { email: someone.email.toUpperCase(), role: "MEMBER" });
    expect(result).toMatchObject({ kind: "invitation", email: someone.email, role: "MEMBER" });
    expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, userId: someone.id } })).toBe(0);
    const invitation = await db.invitation.findFirstOrThrow({ where: { workspaceId: tenant.workspace.id } });
    expect(invitation).toMatchObject({ email: someone.email, role: "MEMBER", invitedById: tenant.owner.id });
    expect(invitation.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // One link, stored as a hash only.
    const tokens = await db.emailToken.findMany({ where: { invitationId: invitation.id } });
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: "INVITATION", email: someone.email, usedAt: null });
    expect(tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("an unknown address is invited, and signing up with it joins nothing by itself", async () => {
    const tenant = await seedTenant();
    const email = `new-${crypto.randomUUID()}@example.test`;
    const result = await addMember(await actorOf(tenant, tenant.owner), { email, role: "VIEWER" });
    expect(result).toMatchObject({ kind: "invitation", email, role: "VIEWER" });
    const signedUp = await createUser({ email, password: "long-enough-password" });
    if (!signedUp.ok) throw new Error("sign-up failed");
    expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, userId: signedUp.data.id } })).toBe(0);
    expect(await db.invitation.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
  });

  it("refuses bad input with details on the field", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const badEmail = await expectApiError(addMember(actor, { email: "not-an-email", role: "MEMBER" }), "VALIDATION_ERROR");
    expect(badEmail.details).toEqual([expect.objectContaining({ path: "email", message: "Enter a valid email address." })]);
    const badRole = await expectApiError(addMember(actor, { email: "x@example.test", role: "GOD" as never }), "VALIDATION_ERROR");
    expect(badRole.details?.[0]?.path).toBe("role");
    await expectApiError(addMember(actor, { email: "x@example.test", role: "MEMBER", extra: 1 } as never), "VALIDATION_ERROR");
    expect(await db.invitation.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("re-adding a member or re-inviting an address is a conflict on the email field", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const member = await tenant.member("MEMBER");
    const again = await expectApiError(addMember(actor, { email: member.email, role: "ADMIN" }), "CONFLICT");
    expect(again.details?.[0]?.path).toBe("email");
    const email = `pending-${crypto.randomUUID()}@example.test`;
    await addMember(actor, { email, role: "MEMBER" });
    await expectApiError(addMember(actor, { email, role: "ADMIN" }), "CONFLICT");
    expect(await db.invitation.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
  });

  it("members and viewers cannot add anyone; admins cannot make owners; owners can", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const [admin, member, viewer] = [await tenant.member("ADMIN"), await tenant.member("MEMBER"), await tenant.member("VIEWER")];
    await expectApiError(addMember(await actorOf(tenant, member), { email: "a@example.test", role: "VIEWER" }), "FORBIDDEN");
    await expectApiError(addMember(await actorOf(tenant, viewer), { email: "a@example.test", role: "VIEWER" }), "FORBIDDEN");
    const owner = await expectApiError(addMember(await actorOf(tenant, admin), { email: "a@example.test", role: "OWNER" }), "FORBIDDEN");
    expect(owner.message).toBe("Only owners can make someone an owner.");
    expect(await addMember(await actorOf(tenant, admin), { email: "a@example.test", role: "ADMIN" })).toMatchObject({ kind: "invitation" });
    expect(await addMember(await actorOf(tenant, tenant.owner), { email: "b@example.test", role: "OWNER" })).toMatchObject({ kind: "invitation" });
  });

  it("the FREE plan's member limit counts pending invitations, and PRO has none", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    await tenant.member("MEMBER");
    await tenant.member("MEMBER");
    await addMember(actor, { email: `i1-${crypto.randomUUID()}@example.test`, role: "VIEWER" });
    await addMember(actor, { email: `i2-${crypto.randomUUID()}@example.test`, role: "VIEWER" });
    const error = await expectApiError(addMember(actor, { email: `i3-${crypto.randomUUID()}@example.test`, role: "VIEWER" }), "PLAN_LIMIT");
    expect(error.message).toBe("The Free plan allows 5 members. Upgrade to Pro for more.");

    const pro = await seedTenant({ plan: "PRO" });
    const proActor = await actorOf(pro, pro.owner);
    for (let i = 0; i < 7; i++) await addMember(proActor, { email: `p${i}-${crypto.randomUUID()}@example.test`, role: "VIEWER" });
    expect(await db.invitation.count({ where: { workspaceId: pro.workspace.id } })).toBe(7);
  });

  it("concurrent adds never pass the member limit, and one address is added once", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => addMember(actor, { email: `race${i}-${crypto.randomUUID()}@example.test`, role: "VIEWER" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    expect(await db.invitation.count({ where: { workspaceId: tenant.workspace.id } })).toBe(4);

    const other = await seedTenant();
    const someone = await createTestUser("twice");
    const otherActor = await actorOf(other, other.owner);
    const twice = await Promise.allSettled([0, 1, 2].map(() => addMember(otherActor, { email: someone.email, role: "MEMBER" })));
    expect(twice.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.invitation.count({ where: { workspaceId: other.workspace.id, email: someone.email } })).toBe(1);
  });
});
