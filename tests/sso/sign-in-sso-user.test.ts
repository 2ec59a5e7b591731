import { describe, expect, it } from "vitest";
import { signInSsoUser } from "@/lib/domain/sso/sign-in-sso-user";
import { verifySsoToken } from "@/lib/domain/sso/verify-sso-token";
import { activeSession, startSession } from "@/lib/platform/auth/sessions";
import { db } from "@/lib/platform/db/client";
import { seedTenant } from "../support/api";
import { enableSso, signSsoToken } from "../support/sso";

async function verified(workspaceId: string, secret: string, claims: Record<string, unknown>) {
  const result = await verifySsoToken(workspaceId, await signSsoToken(secret, claims));
  if (!result.ok) throw new Error(`token refused: ${result.reason}`);
  return result.claims;
}

describe("signInSsoUser", () => {
  it("one visitor per (workspace, id): a second sign-in updates the same row, its companies replaced", async () => {
    const tenant = await seedTenant({ published: true });
    const secret = await enableSso(tenant);
    const first = await signInSsoUser(tenant.workspace.id, await verified(tenant.workspace.id, secret, { id: "u1", name: "Ada", companies: [{ id: "a", name: "A", monthlySpend: 10 }, { id: "b", name: "B", monthlySpend: 20 }] }));
    const second = await signInSsoUser(tenant.workspace.id, await verified(tenant.workspace.id, secret, { id: "u1", name: "Ada L.", avatarURL: "https://x.test/a.png", companies: [{ id: "b", name: "B Corp", monthlySpend: 25 }] }));
    expect(first.created).toBe(true);
    expect(second).toEqual({ userId: first.userId, created: false });
    const user = await db.user.findUniqueOrThrow({ where: { id: first.userId }, include: { ssoCompanies: { include: { company: true } } } });
    expect(user).toMatchObject({ name: "Ada L.", avatarUrl: "https://x.test/a.png", ssoWorkspaceId: tenant.workspace.id, ssoExternalId: "u1", passwordHash: null });
    expect(user.ssoCompanies.map((link) => [link.company.name, Number(link.company.monthlySpend)])).toEqual([["B Corp", 25]]);
  });

  it("the same customer id on another workspace is another person", async () => {
    const a = await seedTenant({ published: true });
    const b = await seedTenant({ published: true });
    const [secretA, secretB] = [await enableSso(a), await enableSso(b)];
    const onA = await signInSsoUser(a.workspace.id, await verified(a.workspace.id, secretA, { id: "same" }));
    const onB = await signInSsoUser(b.workspace.id, await verified(b.workspace.id, secretB, { id: "same" }));
    expect(onA.userId).not.toBe(onB.userId);
  });

  it("an email claim naming the workspace's owner gives a separate visitor: never the owner's account, a member or a dashboard session", async () => {
    const tenant = await seedTenant({ published: true });
    const secret = await enableSso(tenant);
    const { userId } = await signInSsoUser(tenant.workspace.id, await verified(tenant.workspace.id, secret, { id: "intruder", email: tenant.owner.email }));
    expect(userId).not.toBe(tenant.owner.id);
    const row = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(row.email).not.toBe(tenant.owner.email);
    expect(row.ssoEmail).toBe(tenant.owner.email);
    expect(await db.membership.count({ where: { userId } })).toBe(0);
    // Even a dashboard session row made for it by mistake is never honoured.
    expect(await activeSession(await startSession(userId))).toBeNull();
    expect(await activeSession(await startSession(tenant.owner.id))).not.toBeNull();
  });
});
