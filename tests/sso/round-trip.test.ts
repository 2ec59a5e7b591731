import { describe, expect, it } from "vitest";
import { completeSsoSignIn } from "@/lib/domain/sso/complete-sso-sign-in";
import { portalReturnPath, startSsoSignIn, SSO_STATE_TTL_MS } from "@/lib/domain/sso/start-sso-sign-in";
import { ssoVisitorOf, endSsoSession } from "@/lib/domain/sso/sso-sessions";
import { expectApiError } from "../support/actors";
import { seedTenant } from "../support/api";
import { enableSso, signSsoToken } from "../support/sso";

async function setup() {
  const tenant = await seedTenant({ published: true });
  const secret = await enableSso(tenant, "https://app.customer.test/portal-sign-in?team=1");
  return { tenant, secret, workspace: tenant.workspace };
}

const stateOf = (redirectTo: string) => new URL(redirectTo).searchParams.get("state")!;

describe("the SSO round trip", () => {
  it("start: the customer's URL with an opaque state (no return address in it); callback: a session for that workspace, back on the page", async () => {
    const { secret, workspace } = await setup();
    const { redirectTo } = await startSsoSignIn(workspace, `/p/${workspace.slug}/posts/abc?sort=top`);
    const target = new URL(redirectTo);
    expect(`${target.origin}${target.pathname}`).toBe("https://app.customer.test/portal-sign-in");
    expect(target.searchParams.get("team")).toBe("1");
    expect([...target.searchParams.keys()].sort()).toEqual(["state", "team"]);
    expect(redirectTo).not.toContain("posts");

    const result = await completeSsoSignIn(workspace.id, stateOf(redirectTo), await signSsoToken(secret, { id: "u-7", name: "Grace" }));
    expect(result).toMatchObject({ ok: true, returnPath: `/p/${workspace.slug}/posts/abc?sort=top` });
    if (!result.ok) return;
    expect(await ssoVisitorOf(workspace.id, result.sessionToken)).toMatchObject({ name: "Grace" });
    await endSsoSession(result.sessionToken);
    expect(await ssoVisitorOf(workspace.id, result.sessionToken)).toBeNull();
  });

  it("a session of workspace A is nobody on workspace B", async () => {
    const a = await setup();
    const b = await setup();
    const { redirectTo } = await startSsoSignIn(a.workspace, `/p/${a.workspace.slug}`);
    const result = await completeSsoSignIn(a.workspace.id, stateOf(redirectTo), await signSsoToken(a.secret));
    if (!result.ok) throw new Error(result.reason);
    expect(await ssoVisitorOf(a.workspace.id, result.sessionToken)).not.toBeNull();
    expect(await ssoVisitorOf(b.workspace.id, result.sessionToken)).toBeNull();
  });

  it("state missing, unknown, reused, expired or from another workspace: refused by name", async () => {
    const a = await setup();
    const b = await setup();
    const token = () => signSsoToken(a.secret);
    expect(await completeSsoSignIn(a.workspace.id, null, await token())).toMatchObject({ ok: false, reason: "state_missing" });
    expect(await completeSsoSignIn(a.workspace.id, "x".repeat(43), await token())).toMatchObject({ ok: false, reason: "state_unknown" });

    const once = stateOf((await startSsoSignIn(a.workspace, `/p/${a.workspace.slug}`)).redirectTo);
    expect((await completeSsoSignIn(a.workspace.id, once, await token())).ok).toBe(true);
    expect(await completeSsoSignIn(a.workspace.id, once, await token())).toMatchObject({ ok: false, reason: "state_used" });

    const now = new Date();
    const old = stateOf((await startSsoSignIn(a.workspace, `/p/${a.workspace.slug}`, now)).redirectTo);
    const later = new Date(now.getTime() + SSO_STATE_TTL_MS + 1000);
    expect(await completeSsoSignIn(a.workspace.id, old, await token(), later)).toMatchObject({ ok: false, reason: "state_expired" });

    const onB = stateOf((await startSsoSignIn(b.workspace, `/p/${b.workspace.slug}`)).redirectTo);
    expect(await completeSsoSignIn(a.workspace.id, onB, await token())).toMatchObject({ ok: false, reason: "state_wrong_workspace" });
    // Refused on A, it still works where it was made.
    expect((await completeSsoSignIn(b.workspace.id, onB, await signSsoToken(b.secret))).ok).toBe(true);
  });

  it("a bad token uses up the state and says why", async () => {
    const { workspace } = await setup();
    const state = stateOf((await startSsoSignIn(workspace, `/p/${workspace.slug}`)).redirectTo);
    expect(await completeSsoSignIn(workspace.id, state, await signSsoToken("wrong-secret-wrong-secret-wrong"))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await completeSsoSignIn(workspace.id, state, "x")).toMatchObject({ ok: false, reason: "state_used" });
  });

  it("the page to come back to is this portal's only", () => {
    expect(portalReturnPath("acme", "/p/acme/boards/x?cursor=2")).toBe("/p/acme/boards/x?cursor=2");
    expect(portalReturnPath("acme", "https://evil.test/p/acme")).toBe("/p/acme");
    expect(portalReturnPath("acme", "//evil.test/p/acme")).toBe("/p/acme");
    expect(portalReturnPath("acme", "/p/acme-other/boards")).toBe("/p/acme");
    expect(portalReturnPath("acme", "/w/acme/settings")).toBe("/p/acme");
    expect(portalReturnPath("acme", "/p/acme/../../w/acme")).toBe("/p/acme");
    expect(portalReturnPath("acme", "/p/acme\\@evil.test")).toBe("/p/acme");
  });

  it("start is refused when SSO is off", async () => {
    const tenant = await seedTenant({ published: true });
    await expectApiError(startSsoSignIn(tenant.workspace, `/p/${tenant.workspace.slug}`), "NOT_FOUND");
  });
});
