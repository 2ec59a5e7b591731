import { describe, expect, it } from "vitest";
import type { Account, Profile, User } from "next-auth";
import { db } from "@/lib/platform/db/client";
import { activeSession, startSession } from "@/lib/platform/auth/sessions";
import { listMyInvitations } from "@/lib/domain/invitations/find-invitation";
import { addMember } from "@/lib/domain/members/add-member";
import { linkOAuthAccount } from "@/lib/domain/users/link-oauth-account";
import { seedTenant, uniqueSuffix } from "../support/api";
import { actorOf } from "../support/actors";

process.env.NEXTAUTH_SECRET ??= "test-nextauth-secret-0123456789abcdef0123456789";
const { authOptions } = await import("@/lib/surfaces/auth/options");

const github = (id: string, email: string | null, name = "Octo") => ({ provider: "github", providerAccountId: id, email, name });
const address = () => `oauth-${uniqueSuffix()}@example.test`;

describe("linkOAuthAccount", () => {
  it("a first sign-in creates the account with its address proven, its invitations waiting to be accepted; the next finds it", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const email = address();
    await addMember(await actorOf(tenant, tenant.owner), { email, role: "MEMBER" });

    const first = await linkOAuthAccount(github(`gh-${uniqueSuffix()}`, email));
    expect(first).not.toBeNull();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ id: first!.id, name: "Octo", passwordHash: null, emailVerifiedAt: expect.any(Date) });
    expect(await listMyInvitations(user.id)).toEqual([expect.objectContaining({ email, role: "MEMBER" })]);
    expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, userId: user.id } })).toBe(0);

    const accountId = (await db.oAuthAccount.findFirstOrThrow({ where: { userId: user.id } })).providerAccountId;
    expect(await linkOAuthAccount(github(accountId, "changed@example.test"))).toEqual({ id: user.id });
    expect(await db.oAuthAccount.count({ where: { userId: user.id } })).toBe(1);
  });

  it("links to the existing proven account with the same address, which keeps its password", async () => {
    const existing = await db.user.create({ data: { email: address(), passwordHash: "x", emailVerifiedAt: new Date("2026-01-01") } });
    expect(await linkOAuthAccount(github(`gh-${uniqueSuffix()}`, existing.email.toUpperCase()))).toEqual({ id: existing.id });
    expect(await db.oAuthAccount.count({ where: { userId: existing.id } })).toBe(1);
    expect(await db.user.findUniqueOrThrow({ where: { id: existing.id } })).toMatchObject({ passwordHash: "x", emailVerifiedAt: new Date("2026-01-01") });
  });

  it("claims an account someone registered with the address without proving it: its password and sessions are gone", async () => {
    const squatted = await db.user.create({ data: { email: address(), passwordHash: "squatter's hash" } });
    const squatterSession = await startSession(squatted.id);
    expect(await linkOAuthAccount(github(`gh-${uniqueSuffix()}`, squatted.email))).toEqual({ id: squatted.id });
    expect(await db.user.findUniqueOrThrow({ where: { id: squatted.id } })).toMatchObject({ passwordHash: null, emailVerifiedAt: expect.any(Date) });
    expect(await activeSession(squatterSession)).toBeNull();
  });

  it("refuses a sign-in without a usable address and writes nothing", async () => {
    const before = await db.user.count();
    expect(await linkOAuthAccount(github(`gh-${uniqueSuffix()}`, null))).toBeNull();
    expect(await linkOAuthAccount(github(`gh-${uniqueSuffix()}`, "not-an-address"))).toBeNull();
    expect(await db.user.count()).toBe(before);
  });

  it("two first sign-ins at once make one account and one link", async () => {
    const email = address();
    const id = `gh-${uniqueSuffix()}`;
    const results = await Promise.all([0, 1, 2].map(() => linkOAuthAccount(github(id, email))));
    expect(new Set(results.map((result) => result?.id)).size).toBe(1);
    expect(await db.user.count({ where: { email } })).toBe(1);
    expect(await db.oAuthAccount.count({ where: { provider: "github", providerAccountId: id } })).toBe(1);
  });
});

// The callback next-auth runs after the provider answered: the address must be verified.
describe("the OAuth sign-in callback", () => {
  const signIn = (user: User, account: Account, profile: Profile) =>
    authOptions().callbacks!.signIn!({ user, account, profile, credentials: undefined, email: undefined });
  const googleAccount = (id: string): Account => ({ provider: "google", providerAccountId: id, type: "oauth" });

  it("a Google address that Google has not verified is refused and takes over nothing", async () => {
    const victim = await db.user.create({ data: { email: address(), passwordHash: "x" } });
    const user: User = { id: "google-sub", email: victim.email, name: "Mallory" };
    const result = await signIn(user, googleAccount(`g-${uniqueSuffix()}`), { email: victim.email, email_verified: false } as Profile);
    expect(result).toBe("/sign-in?error=OAuthEmail");
    expect(await db.oAuthAccount.count({ where: { userId: victim.id } })).toBe(0);
  });

  it("a verified Google address signs in as the account with that address", async () => {
    const owner = await db.user.create({ data: { email: address(), passwordHash: "x" } });
    const user: User = { id: "google-sub", email: owner.email, name: "Owner" };
    expect(await signIn(user, googleAccount(`g-${uniqueSuffix()}`), { email: owner.email, email_verified: true } as Profile)).toBe(true);
    expect(user.id).toBe(owner.id);
  });
});
