import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as postsRoute from "@/app/api/v1/posts/route";
import type { SessionUser } from "@/lib/surfaces/auth/session";
import { createBoard } from "@/lib/domain/boards/create-board";
import { db } from "@/lib/platform/db/client";
import { changeWorkspacePlan } from "@/lib/domain/plans/change-workspace-plan";
import { PLANS } from "@/lib/domain/plans/limits";
import { listOperatorWorkspaces } from "@/lib/domain/plans/list-operator-workspaces";
import { isOperator, operatorContact } from "@/lib/domain/plans/operators";
import { actorOf, expectApiError } from "../support/actors";
import { call, seedBoard, seedTenant, uniqueSuffix, type Tenant } from "../support/api";

// The server action reads the session through guardAction; the session itself (cookie, server-side
// row) is tested in tests/identity. Here it answers whoever the test says is signed in.
const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/surfaces/auth/guard-action", () => ({ guardAction: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
const { changePlanAction } = await import("@/lib/surfaces/actions/operator/plans");

const OPERATOR_EMAIL = `operator-${uniqueSuffix()}@example.test`;
process.env.OPERATOR_EMAILS = `someone@else.test, ${OPERATOR_EMAIL.toUpperCase()}`;

async function sessionOf(user: { id: string; email: string }, emailVerified = true): Promise<SessionUser> {
  return { id: user.id, email: user.email, name: null, emailVerified, sessionId: "test" };
}

async function operator(): Promise<SessionUser> {
  const existing = await db.user.findUnique({ where: { email: OPERATOR_EMAIL } });
  const user = existing ?? (await db.user.create({ data: { email: OPERATOR_EMAIL, name: "Operator", emailVerifiedAt: new Date() } }));
  return sessionOf(user);
}

const planOf = async (tenant: Tenant) => (await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id } })).plan;

beforeEach(() => {
  signedIn.user = null;
});

describe("who is an operator", () => {
  it("a verified address listed in OPERATOR_EMAILS, in any case; nobody when it is unset", () => {
    const env = { OPERATOR_EMAILS: "Ops@Example.test,  second@example.test" };
    expect(isOperator({ email: "ops@example.test", emailVerified: true }, env)).toBe(true);
    expect(isOperator({ email: "SECOND@example.test", emailVerified: true }, env)).toBe(true);
    expect(isOperator({ email: "ops@example.test", emailVerified: false }, env)).toBe(false);
    expect(isOperator({ email: "owner@example.test", emailVerified: true }, env)).toBe(false);
    expect(isOperator({ email: "ops@example.test", emailVerified: true }, {})).toBe(false);
    expect(isOperator(null, env)).toBe(false);
  });

  it("OPERATOR_CONTACT becomes a mail or web link; anything else is not shown", () => {
    expect(operatorContact({ OPERATOR_CONTACT: "billing@example.test" })).toEqual({ label: "billing@example.test", href: "mailto:billing@example.test" });
    expect(operatorContact({ OPERATOR_CONTACT: "https://help.example.test/plans/" })).toEqual({ label: "help.example.test/plans", href: "https://help.example.test/plans/" });
    expect(operatorContact({ OPERATOR_CONTACT: "javascript:alert(1)" })).toBeNull();
    expect(operatorContact({})).toBeNull();
  });
});

describe("changeWorkspacePlan", () => {
  it("an operator moves a workspace to Pro and back; each change is recorded with who and when", async () => {
    const tenant = await seedTenant();
    const ops = await operator();
    const up = await changeWorkspacePlan({ kind: "operator", user: ops }, { workspace: { slug: tenant.workspace.slug }, plan: "pro" });
    expect(up).toMatchObject({ from: "FREE", to: "PRO", changed: true, changedBy: OPERATOR_EMAIL, overLimit: [] });
    expect(await planOf(tenant)).toBe("PRO");
    const down = await changeWorkspacePlan({ kind: "operator", user: ops }, { workspace: { slug: tenant.workspace.slug }, plan: "FREE" });
    expect(down).toMatchObject({ from: "PRO", to: "FREE", changed: true });
    const records = await db.planChange.findMany({ where: { workspaceId: tenant.workspace.id }, orderBy: { createdAt: "asc" } });
    expect(records.map((r) => [r.fromPlan, r.toPlan, r.changedBy])).toEqual([
      ["FREE", "PRO", OPERATOR_EMAIL],
      ["PRO", "FREE", OPERATOR_EMAIL],
    ]);
    expect(Date.now() - records[1]!.createdAt.getTime()).toBeLessThan(60_000);
  });

  it("the same plan again changes and records nothing", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const result = await changeWorkspacePlan({ kind: "operator", user: await operator() }, { workspace: { slug: tenant.workspace.slug }, plan: "pro" });
    expect(result).toMatchObject({ from: "PRO", to: "PRO", changed: false });
    expect(await db.planChange.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("refuses everyone who is not an operator with NOT_FOUND, and changes nothing", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const member = await tenant.member("MEMBER");
    const unverifiedOperator = { email: OPERATOR_EMAIL, emailVerified: false };
    for (const user of [await sessionOf(tenant.owner), await sessionOf(admin), await sessionOf(member), unverifiedOperator]) {
      await expectApiError(changeWorkspacePlan({ kind: "operator", user }, { workspace: { slug: tenant.workspace.slug }, plan: "PRO" }), "NOT_FOUND");
    }
    expect(await planOf(tenant)).toBe("FREE");
    expect(await db.planChange.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("an unknown plan is a VALIDATION_ERROR on the plan field that lists the plans", async () => {
    const tenant = await seedTenant();
    for (const plan of ["gold", "", 3, null]) {
      const error = await expectApiError(changeWorkspacePlan({ kind: "operator", user: await operator() }, { workspace: { slug: tenant.workspace.slug }, plan }), "VALIDATION_ERROR");
      expect(error.message).toContain("Choose one of: free, pro.");
      expect(error.details?.[0]?.path).toBe("plan");
    }
    expect(await planOf(tenant)).toBe("FREE");
  });

  it("an unknown slug is NOT_FOUND naming it; a slug with a NUL never reaches the database", async () => {
    const error = await expectApiError(changeWorkspacePlan({ kind: "cli", systemUser: "root" }, { workspace: { slug: "no-such-place" }, plan: "pro" }), "NOT_FOUND");
    expect(error.message).toBe('No workspace has the slug "no-such-place".');
    await expectApiError(changeWorkspacePlan({ kind: "cli", systemUser: "root" }, { workspace: { slug: "a\u0000b" }, plan: "pro" }), "NOT_FOUND");
  });

  it("a billing event is applied once: its redelivery, even after a later change, changes nothing", async () => {
    const tenant = await seedTenant();
    const event = { kind: "billing", provider: "stripe", eventId: `evt_${uniqueSuffix()}` } as const;
    const workspace = { id: tenant.workspace.id };
    expect(await changeWorkspacePlan(event, { workspace, plan: "PRO" })).toMatchObject({ changed: true, changedBy: "billing:stripe" });
    await changeWorkspacePlan({ kind: "cli", systemUser: "root" }, { workspace, plan: "FREE" });
    expect(await changeWorkspacePlan(event, { workspace, plan: "PRO" })).toMatchObject({ changed: false });
    expect(await planOf(tenant)).toBe("FREE");
    expect(await db.planChange.count({ where: { eventId: event.eventId } })).toBe(1);
  });
});

describe("limits come from the plans table, before and after a change", () => {
  it("a Free workspace at its board limit refuses the next board; moved to Pro it accepts it", async () => {
    const tenant = await seedTenant();
    for (let i = 0; i < PLANS.FREE.limits.boards; i++) await seedBoard(tenant.workspace.id);
    const owner = await actorOf(tenant, tenant.owner);
    const refused = await expectApiError(createBoard(owner, { name: "One too many", slug: "one-too-many" }), "PLAN_LIMIT");
    expect(refused.message).toBe(`The Free plan allows ${PLANS.FREE.limits.boards} boards. Upgrade to Pro for more.`);

    await changeWorkspacePlan({ kind: "operator", user: await operator() }, { workspace: { slug: tenant.workspace.slug }, plan: "PRO" });
    await expect(createBoard(owner, { name: "One too many", slug: "one-too-many" })).resolves.toMatchObject({ slug: "one-too-many" });
  });

  it("the API answers 403 PLAN_LIMIT at the Free post limit and 201 once the workspace is on Pro", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const key = await tenant.key();
    await db.post.createMany({
      data: Array.from({ length: PLANS.FREE.limits.posts }, (_, i) => ({ workspaceId: tenant.workspace.id, boardId: board.id, title: `p${i}` })),
    });
    const post = () => call(postsRoute.POST, "POST", "/api/v1/posts", { key, body: { boardId: board.id, title: "After the limit" } });
    const refused = await post();
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("PLAN_LIMIT");

    await changeWorkspacePlan({ kind: "cli", systemUser: "root" }, { workspace: { slug: tenant.workspace.slug }, plan: "pro" });
    expect((await post()).status).toBe(201);
  });

  it("a downgrade past the Free limits deletes nothing, says what is over, and refuses creating more", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    for (let i = 0; i < PLANS.FREE.limits.boards + 1; i++) await seedBoard(tenant.workspace.id);
    const result = await changeWorkspacePlan({ kind: "operator", user: await operator() }, { workspace: { slug: tenant.workspace.slug }, plan: "free" });
    expect(result.overLimit).toEqual([{ resource: "boards", used: PLANS.FREE.limits.boards + 1, limit: PLANS.FREE.limits.boards }]);
    expect(await db.board.count({ where: { workspaceId: tenant.workspace.id } })).toBe(PLANS.FREE.limits.boards + 1);
    await expectApiError(createBoard(await actorOf(tenant, tenant.owner), { name: "Fifth", slug: "fifth" }), "PLAN_LIMIT");
  });
});

describe("changePlanAction (the operator page's control)", () => {
  it("changes the plan for a signed-in operator and answers what changed", async () => {
    const tenant = await seedTenant();
    signedIn.user = await operator();
    const result = await changePlanAction(tenant.workspace.slug, "PRO");
    expect(result).toEqual({ ok: true, data: { name: expect.any(String), from: "FREE", to: "PRO", changed: true, overLimit: [] } });
    expect(await planOf(tenant)).toBe("PRO");
  });

  it("refuses the owner, an admin, a member and a signed-out caller, changing nothing", async () => {
    const tenant = await seedTenant();
    const callers = [await sessionOf(tenant.owner), await sessionOf(await tenant.member("ADMIN")), await sessionOf(await tenant.member("MEMBER"))];
    for (const user of callers) {
      signedIn.user = user;
      expect(await changePlanAction(tenant.workspace.slug, "PRO")).toEqual({ ok: false, fieldErrors: { form: "This page could not be found." } });
    }
    signedIn.user = null;
    expect(await changePlanAction(tenant.workspace.slug, "PRO")).toEqual({ ok: false, fieldErrors: { form: "Your session has ended. Sign in again." } });
    expect(await planOf(tenant)).toBe("FREE");
  });

  it("puts an unknown plan on the plan field", async () => {
    const tenant = await seedTenant();
    signedIn.user = await operator();
    const result = await changePlanAction(tenant.workspace.slug, "enterprise");
    expect(result).toMatchObject({ ok: false, fieldErrors: { plan: expect.stringContaining("Choose one of: free, pro.") } });
  });
});

describe("listOperatorWorkspaces", () => {
  it("lists workspaces with owners, counts and the last change, searched by name, slug or owner", async () => {
    const tenant = await seedTenant();
    await seedBoard(tenant.workspace.id);
    await tenant.member("MEMBER");
    await changeWorkspacePlan({ kind: "cli", systemUser: "deploy" }, { workspace: { slug: tenant.workspace.slug }, plan: "pro" });
    const ops = await operator();
    for (const q of [tenant.workspace.slug, tenant.owner.email.toUpperCase()]) {
      const list = await listOperatorWorkspaces(ops, { q, plan: null });
      expect(list.total).toBe(1);
      expect(list.rows[0]).toMatchObject({
        slug: tenant.workspace.slug,
        plan: "PRO",
        owners: [tenant.owner.email],
        counts: { members: 2, boards: 1, posts: 0 },
        lastPlanChange: { changedBy: "cli:deploy" },
      });
    }
    expect((await listOperatorWorkspaces(ops, { q: tenant.workspace.slug, plan: "FREE" })).total).toBe(0);
  });

  it("is NOT_FOUND for anyone else", async () => {
    const tenant = await seedTenant();
    await expectApiError(listOperatorWorkspaces(await sessionOf(tenant.owner), { q: "", plan: null }), "NOT_FOUND");
    await expectApiError(listOperatorWorkspaces(null, { q: "", plan: null }), "NOT_FOUND");
  });
});

describe("npm run plan:set", () => {
  const run = promisify(execFile);
  async function planSet(...args: string[]) {
    const tsx = path.resolve("node_modules/.bin/tsx");
    try {
      const { stdout, stderr } = await run(tsx, ["scripts/plan-set.ts", ...args], { env: { ...process.env, LOG_LEVEL: "silent" }, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it("changes the plan through the same domain function, recorded as the system user", { timeout: 90_000 }, async () => {
    const tenant = await seedTenant();
    const result = await planSet("--", tenant.workspace.slug, "pro");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Free → Pro");
    expect(await planOf(tenant)).toBe("PRO");
    expect((await db.planChange.findFirstOrThrow({ where: { workspaceId: tenant.workspace.id } })).changedBy).toMatch(/^cli:/);
  });

  it("exits 1 with a message for an unknown workspace or plan, and 2 with the usage for wrong arguments", { timeout: 90_000 }, async () => {
    const tenant = await seedTenant();
    const [unknownSlug, unknownPlan, usage] = await Promise.all([planSet("no-such-place", "pro"), planSet(tenant.workspace.slug, "gold"), planSet(tenant.workspace.slug)]);
    expect(unknownSlug).toMatchObject({ code: 1, stderr: expect.stringContaining('No workspace has the slug "no-such-place".') });
    expect(unknownPlan).toMatchObject({ code: 1, stderr: expect.stringContaining('"gold" is not a plan. Choose one of: free, pro.') });
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining("Usage: npm run plan:set -- <workspace-slug> <plan>") });
    expect(await planOf(tenant)).toBe("FREE");
  });
});
