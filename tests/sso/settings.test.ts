import { describe, expect, it } from "vitest";
import { createSsoSecret, MAX_ACTIVE_SSO_SECRETS } from "@/lib/domain/sso/create-sso-secret";
import { getSsoSettings } from "@/lib/domain/sso/get-sso-settings";
import { portalSignUpClosedFor } from "@/lib/domain/sso/portal-sign-up-closed";
import { revokeSsoSecret } from "@/lib/domain/sso/revoke-sso-secret";
import { updateSsoSettings } from "@/lib/domain/sso/update-sso-settings";
import { db } from "@/lib/platform/db/client";
import { actorOf, expectApiError } from "../support/actors";
import { seedTenant } from "../support/api";

describe("SSO settings", () => {
  it("admins and owners only; members and viewers are refused", async () => {
    const tenant = await seedTenant({ published: true });
    const admin = await actorOf(tenant, await tenant.member("ADMIN"));
    const member = await actorOf(tenant, await tenant.member("MEMBER"));
    await updateSsoSettings(admin, { enabled: true, signInUrl: "https://app.example.test/sso", ssoOnly: false });
    await expectApiError(updateSsoSettings(member, { enabled: false, signInUrl: "", ssoOnly: false }), "FORBIDDEN");
    await expectApiError(createSsoSecret(member), "FORBIDDEN");
    await expectApiError(getSsoSettings(member), "FORBIDDEN");
  });

  it("a sign-in URL must be https (http only on this machine), without credentials or fragment; SSO needs one; SSO only needs SSO", async () => {
    const tenant = await seedTenant();
    const owner = await actorOf(tenant, tenant.owner);
    const refused = async (input: Parameters<typeof updateSsoSettings>[1], path: string) => {
      const error = await expectApiError(updateSsoSettings(owner, input), "VALIDATION_ERROR");
      expect(error.details?.map((detail) => detail.path)).toContain(path);
    };
    await refused({ enabled: true, signInUrl: "http://app.example.test/sso", ssoOnly: false }, "signInUrl");
    await refused({ enabled: true, signInUrl: "https://user:pw@app.example.test/sso", ssoOnly: false }, "signInUrl");
    await refused({ enabled: true, signInUrl: "https://app.example.test/sso#x", ssoOnly: false }, "signInUrl");
    await refused({ enabled: true, signInUrl: "", ssoOnly: false }, "signInUrl");
    await refused({ enabled: false, signInUrl: "", ssoOnly: true }, "ssoOnly");
    expect(await updateSsoSettings(owner, { enabled: true, signInUrl: "http://127.0.0.1:4000/sso", ssoOnly: false })).toMatchObject({ enabled: true });
  });

  it("secrets: shown once, stored sealed (never plain), at most five live, each revocable once", async () => {
    const tenant = await seedTenant();
    const owner = await actorOf(tenant, tenant.owner);
    const created = [];
    for (let i = 0; i < MAX_ACTIVE_SSO_SECRETS; i++) created.push(await createSsoSecret(owner));
    await expectApiError(createSsoSecret(owner), "CONFLICT");
    const stored = await db.ssoSecret.findMany({ where: { workspaceId: tenant.workspace.id } });
    for (const row of stored) expect(created.some((secret) => row.sealed.includes(secret.secret))).toBe(false);
    expect((await getSsoSettings(owner)).secrets.map((secret) => secret.hint).sort()).toEqual(created.map((secret) => secret.hint).sort());
    await revokeSsoSecret(owner, created[0]!.id);
    await expectApiError(revokeSsoSecret(owner, created[0]!.id), "NOT_FOUND");
    expect((await createSsoSecret(owner)).secret).toMatch(/^sso_/);
  });

  it("SSO only closes the portal's own sign-up for that portal alone", async () => {
    const tenant = await seedTenant({ published: true });
    const other = await seedTenant({ published: true });
    const owner = await actorOf(tenant, tenant.owner);
    await updateSsoSettings(owner, { enabled: true, signInUrl: "https://app.example.test/sso", ssoOnly: false });
    expect(await portalSignUpClosedFor(`/p/${tenant.workspace.slug}/boards/x`)).toBeNull();
    await updateSsoSettings(owner, { enabled: true, signInUrl: "https://app.example.test/sso", ssoOnly: true });
    expect(await portalSignUpClosedFor(`/p/${tenant.workspace.slug}/boards/x`)).toMatchObject({ slug: tenant.workspace.slug });
    expect(await portalSignUpClosedFor(`/p/${other.workspace.slug}`)).toBeNull();
    expect(await portalSignUpClosedFor("/workspaces")).toBeNull();
  });
});
