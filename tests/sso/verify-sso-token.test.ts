import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { revokeSsoSecret } from "@/lib/domain/sso/revoke-sso-secret";
import { createSsoSecret } from "@/lib/domain/sso/create-sso-secret";
import { updateSsoSettings } from "@/lib/domain/sso/update-sso-settings";
import { verifySsoToken } from "@/lib/domain/sso/verify-sso-token";
import { db } from "@/lib/platform/db/client";
import { seedTenant } from "../support/api";
import { actorOf } from "../support/actors";
import { enableSso, signSsoToken } from "../support/sso";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function setup() {
  const tenant = await seedTenant({ published: true });
  const secret = await enableSso(tenant);
  return { tenant, secret, workspaceId: tenant.workspace.id };
}

describe("verifySsoToken: what passes", () => {
  it("accepts an HS256 token with id, jti and exp, and returns its claims", async () => {
    const { secret, workspaceId } = await setup();
    const token = await signSsoToken(secret, {
      id: 42,
      email: "Ada@Customer.Test",
      name: "Ada Lovelace",
      avatarURL: "https://cdn.customer.test/ada.png",
      locale: "de",
      companies: [{ id: "c1", name: "Analytical Engines", monthlySpend: 1250.5 }, { id: "c1", name: "Analytical Engines Ltd", monthlySpend: 1300 }],
    });
    const result = await verifySsoToken(workspaceId, token);
    expect(result).toMatchObject({
      ok: true,
      claims: { id: "42", email: "ada@customer.test", name: "Ada Lovelace", avatarUrl: "https://cdn.customer.test/ada.png", locale: "de", companies: [{ id: "c1", name: "Analytical Engines Ltd", monthlySpend: 1300 }] },
    });
  });

  it("accepts a token signed with either of two live secrets (rotation)", async () => {
    const { tenant, secret, workspaceId } = await setup();
    const second = (await createSsoSecret(await actorOf(tenant, tenant.owner))).secret;
    expect((await verifySsoToken(workspaceId, await signSsoToken(secret))).ok).toBe(true);
    expect((await verifySsoToken(workspaceId, await signSsoToken(second))).ok).toBe(true);
  });

  it("at the edge of the 60 s tolerance: the last accepted second passes, the next is refused", async () => {
    const { secret, workspaceId } = await setup();
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const seconds = now.getTime() / 1000;
    const day = 24 * 3600;
    const check = async (claims: Record<string, unknown>) => verifySsoToken(workspaceId, await signSsoToken(secret, claims, { now }), now);
    // exp: valid while now < exp + 60.
    expect((await check({ exp: seconds - 59 })).ok).toBe(true);
    expect(await check({ exp: seconds - 60 })).toMatchObject({ ok: false, reason: "expired" });
    // nbf and iat: at most 60 s ahead.
    expect((await check({ nbf: seconds + 60 })).ok).toBe(true);
    expect(await check({ nbf: seconds + 61 })).toMatchObject({ ok: false, reason: "not_yet_valid" });
    expect((await check({ iat: seconds + 60 })).ok).toBe(true);
    expect(await check({ iat: seconds + 61 })).toMatchObject({ ok: false, reason: "not_yet_valid" });
    // exp: at most 24 h (and the same 60 s) ahead.
    expect((await check({ exp: seconds + day + 60 })).ok).toBe(true);
    expect(await check({ exp: seconds + day + 61 })).toMatchObject({ ok: false, reason: "exp_too_far" });
  });

  it("allows 60 s of clock difference on exp, nbf and iat", async () => {
    const { secret, workspaceId } = await setup();
    const now = new Date();
    const seconds = Math.floor(now.getTime() / 1000);
    expect((await verifySsoToken(workspaceId, await signSsoToken(secret, { exp: seconds - 50 }), now)).ok).toBe(true);
    expect((await verifySsoToken(workspaceId, await signSsoToken(secret, { nbf: seconds + 50, iat: seconds + 50 }), now)).ok).toBe(true);
    expect((await verifySsoToken(workspaceId, await signSsoToken(secret, { exp: seconds + 24 * 3600 + 50 }), now)).ok).toBe(true);
  });
});

describe("verifySsoToken: each refusal, by name", () => {
  it("expired: exp more than 60 s ago", async () => {
    const { secret, workspaceId } = await setup();
    const now = new Date();
    const token = await signSsoToken(secret, { exp: Math.floor(now.getTime() / 1000) - 61 });
    expect(await verifySsoToken(workspaceId, token, now)).toMatchObject({ ok: false, reason: "expired" });
  });

  it("missing_exp: no exp at all", async () => {
    const { secret, workspaceId } = await setup();
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { exp: undefined }))).toMatchObject({ ok: false, reason: "missing_exp" });
  });

  it("exp_too_far: exp more than 24 h (and 60 s) ahead", async () => {
    const { secret, workspaceId } = await setup();
    const now = new Date();
    const token = await signSsoToken(secret, { exp: Math.floor(now.getTime() / 1000) + 24 * 3600 + 61 });
    expect(await verifySsoToken(workspaceId, token, now)).toMatchObject({ ok: false, reason: "exp_too_far" });
  });

  it("not_yet_valid: nbf or iat more than 60 s in the future", async () => {
    const { secret, workspaceId } = await setup();
    const now = new Date();
    const later = Math.floor(now.getTime() / 1000) + 120;
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { nbf: later }), now)).toMatchObject({ ok: false, reason: "not_yet_valid" });
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { iat: later }), now)).toMatchObject({ ok: false, reason: "not_yet_valid" });
  });

  it("bad_signature: signed with another key, or its payload changed after signing", async () => {
    const { secret, workspaceId } = await setup();
    expect(await verifySsoToken(workspaceId, await signSsoToken("not-the-secret-at-all-0123456789"))).toMatchObject({ ok: false, reason: "bad_signature" });
    const [header, , signature] = (await signSsoToken(secret)).split(".");
    const forged = `${header}.${b64({ id: "someone-else", jti: randomUUID(), exp: Math.floor(Date.now() / 1000) + 300 })}.${signature}`;
    expect(await verifySsoToken(workspaceId, forged)).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("alg_not_allowed: alg none (unsigned), and other algorithms", async () => {
    const { secret, workspaceId } = await setup();
    const claims = () => b64({ id: "x", jti: randomUUID(), exp: Math.floor(Date.now() / 1000) + 300 });
    for (const alg of ["none", "None", "NONE"]) {
      expect(await verifySsoToken(workspaceId, `${b64({ alg, typ: "JWT" })}.${claims()}.`), alg).toMatchObject({ ok: false, reason: "alg_not_allowed" });
    }
    // Properly signed with the workspace's own secret, under another HMAC: still refused.
    for (const alg of ["HS384", "HS512"]) {
      expect(await verifySsoToken(workspaceId, await signSsoToken(secret, {}, { header: { alg } })), alg).toMatchObject({ ok: false, reason: "alg_not_allowed" });
    }
    // A public-key algorithm whose "signature" is an HMAC under the secret (the key-confusion trick).
    const { createHmac } = await import("node:crypto");
    for (const alg of ["RS256", "ES256", "PS256", "EdDSA"]) {
      const signingInput = `${b64({ alg, typ: "JWT" })}.${claims()}`;
      const forged = `${signingInput}.${createHmac("sha256", secret).update(signingInput).digest("base64url")}`;
      expect(await verifySsoToken(workspaceId, forged), alg).toMatchObject({ ok: false, reason: "alg_not_allowed" });
    }
    // No alg at all, or one that is not text.
    expect(await verifySsoToken(workspaceId, `${b64({ typ: "JWT" })}.${claims()}.sig`)).toMatchObject({ ok: false, reason: "alg_not_allowed" });
    expect(await verifySsoToken(workspaceId, `${b64({ alg: ["HS256"] })}.${claims()}.sig`)).toMatchObject({ ok: false, reason: "alg_not_allowed" });
  });

  it("replayed: the same jti a second time, even inside its lifetime", async () => {
    const { secret, workspaceId } = await setup();
    const token = await signSsoToken(secret);
    expect((await verifySsoToken(workspaceId, token)).ok).toBe(true);
    expect(await verifySsoToken(workspaceId, token)).toMatchObject({ ok: false, reason: "replayed" });
  });

  it("a refused token does not use up its jti; used ids are pruned once expired", async () => {
    const { secret, workspaceId } = await setup();
    const now = new Date();
    const jti = randomUUID();
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { jti, id: "" }), now)).toMatchObject({ ok: false, reason: "missing_id" });
    expect((await verifySsoToken(workspaceId, await signSsoToken(secret, { jti }), now)).ok).toBe(true);
    expect(await db.ssoTokenUse.count({ where: { workspaceId, jti } })).toBe(1);
    // An hour later the row is gone (its token would be refused as expired anyway).
    const later = new Date(now.getTime() + 3600_000);
    await verifySsoToken(workspaceId, await signSsoToken(secret, {}, { now: later }), later);
    expect(await db.ssoTokenUse.count({ where: { workspaceId, jti } })).toBe(0);
  });

  it("revoked_secret: a token signed with a secret that was revoked", async () => {
    const { tenant, workspaceId } = await setup();
    const actor = await actorOf(tenant, tenant.owner);
    const created = await createSsoSecret(actor);
    await revokeSsoSecret(actor, created.id);
    expect(await verifySsoToken(workspaceId, await signSsoToken(created.secret))).toMatchObject({ ok: false, reason: "revoked_secret" });
  });

  it("missing_id and missing_jti", async () => {
    const { secret, workspaceId } = await setup();
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { id: undefined }))).toMatchObject({ ok: false, reason: "missing_id" });
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { jti: undefined }))).toMatchObject({ ok: false, reason: "missing_jti" });
  });

  it("invalid_claims: a name with a direction override, an avatar that is not http(s), too many companies", async () => {
    const { secret, workspaceId } = await setup();
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { name: "gpj.\u202Eexe" }))).toMatchObject({ ok: false, reason: "invalid_claims" });
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { avatarURL: "javascript:alert(1)" }))).toMatchObject({ ok: false, reason: "invalid_claims" });
    const companies = Array.from({ length: 21 }, (_, index) => ({ id: `c${index}`, name: "Co" }));
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { companies }))).toMatchObject({ ok: false, reason: "invalid_claims" });
  });

  it("invalid_claims: malformed companies, each named by its field", async () => {
    const { secret, workspaceId } = await setup();
    const cases: [unknown, string][] = [
      ["Globex", "companies"],
      [{ id: "c1", name: "Globex" }, "companies"],
      [[{ name: "Globex" }], "companies.0.id"],
      [[{ id: "c1" }], "companies.0.name"],
      [[{ id: "", name: "Globex" }], "companies.0.id"],
      [[{ id: 1.5, name: "Globex" }], "companies.0.id"],
      [[{ id: "c1", name: "" }], "companies.0.name"],
      [[{ id: "c1", name: "Globex", monthlySpend: "4200" }], "companies.0.monthlySpend"],
      [[{ id: "c1", name: "Globex", monthlySpend: -1 }], "companies.0.monthlySpend"],
      [[{ id: "c1", name: "Globex" }, null], "companies.1"],
    ];
    for (const [companies, path] of cases) {
      const result = await verifySsoToken(workspaceId, await signSsoToken(secret, { companies }));
      expect(result, JSON.stringify(companies)).toMatchObject({ ok: false, reason: "invalid_claims" });
      expect(result.ok ? "" : result.detail, JSON.stringify(companies)).toMatch(new RegExp(`^${path.replaceAll(".", "\\.")}(\\.|:)`));
    }
  });

  it("malformed: exp, nbf or iat that is not a number", async () => {
    const { secret, workspaceId } = await setup();
    const later = String(Math.floor(Date.now() / 1000) + 300);
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { exp: later }))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { nbf: "soon" }))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret, { iat: null }))).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("wrong_workspace: a token for workspace A used on B (another secret), or an aud naming another workspace", async () => {
    const a = await setup();
    const b = await setup();
    expect(await verifySsoToken(b.workspaceId, await signSsoToken(a.secret))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await verifySsoToken(a.workspaceId, await signSsoToken(a.secret, { aud: b.workspaceId }))).toMatchObject({ ok: false, reason: "wrong_workspace" });
    expect((await verifySsoToken(a.workspaceId, await signSsoToken(a.secret, { aud: a.workspaceId }))).ok).toBe(true);
  });

  it("sso_disabled: SSO turned off, even with a live secret", async () => {
    const { tenant, secret, workspaceId } = await setup();
    await updateSsoSettings(await actorOf(tenant, tenant.owner), { enabled: false, signInUrl: "", ssoOnly: false });
    expect(await verifySsoToken(workspaceId, await signSsoToken(secret))).toMatchObject({ ok: false, reason: "sso_disabled" });
  });

  it("malformed: not a JWT, an oversized one, a payload that is not an object", async () => {
    const { secret, workspaceId } = await setup();
    expect(await verifySsoToken(workspaceId, "not-a-token")).toMatchObject({ ok: false, reason: "malformed" });
    expect(await verifySsoToken(workspaceId, "a.b.c")).toMatchObject({ ok: false, reason: "malformed" });
    expect(await verifySsoToken(workspaceId, `${"x".repeat(20_000)}.a.b`)).toMatchObject({ ok: false, reason: "malformed" });
    const { CompactSign } = await import("jose");
    const arrayPayload = await new CompactSign(new TextEncoder().encode("[1,2]")).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(secret));
    expect(await verifySsoToken(workspaceId, arrayPayload)).toMatchObject({ ok: false, reason: "malformed" });
  });
});
