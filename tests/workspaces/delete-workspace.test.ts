import { describe, expect, it, vi } from "vitest";
import * as posts from "@/app/api/v1/posts/route";
import * as publicStatus from "@/app/api/public/[workspace]/status/route";
import * as publicBoards from "@/app/api/public/[workspace]/boards/route";
import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";
import { createApiKey } from "@/lib/domain/keys/create-api-key";
import { getWorkspaceActorOrThrow } from "@/lib/domain/access/actor";
import { confirmationMismatch, deleteWorkspace } from "@/lib/domain/workspaces/delete-workspace";
import { leaveWorkspace } from "@/lib/domain/workspaces/leave-workspace";
import { updateWorkspace } from "@/lib/domain/workspaces/update-workspace";
import { call, seedBoard, seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";
import { openIncident, seedPortal } from "../public/fixtures";
import { get } from "../public/request";
import type { SessionUser } from "@/lib/surfaces/auth/session";

// The server action reads the session through guardAction (tested in tests/identity); here it
// answers whoever the test says is signed in.
const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/surfaces/auth/guard-action", () => ({ guardAction: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
const { deleteWorkspaceAction } = await import("@/lib/surfaces/actions/dashboard/settings");

// Every table with a workspaceId column, read from the database itself: a table another branch adds
// later is checked too, without anyone remembering to list it here.
async function tenantTables(): Promise<string[]> {
  const rows = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'workspaceId' ORDER BY table_name`;
  return rows.map((row) => row.table_name);
}

async function rowsPerTable(workspaceId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tenantTables()) {
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table}" WHERE "workspaceId" = $1`, workspaceId);
    counts[table] = row!.n;
  }
  return counts;
}

/** A published workspace with at least one row in every tenant table. */
async function fullWorkspace() {
  const portal = await seedPortal();
  const { workspaceId, tenant } = portal;
  const member = await tenant.member("MEMBER");
  await db.vote.create({ data: { workspaceId, postId: portal.post.id, userId: member.id } });
  await db.releaseNotePost.create({ data: { workspaceId, releaseNoteId: portal.published.id, postId: portal.post.id } });
  await openIncident(workspaceId, { componentIds: [portal.api.id] });
  await db.componentStatusChange.create({ data: { workspaceId, componentId: portal.api.id, fromStatus: "operational", toStatus: "partial_outage" } });
  const startsAt = new Date(Date.now() + 86_400_000);
  await db.maintenance.create({
    data: {
      workspaceId,
      title: "Upgrade",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      components: { create: { workspaceId, componentId: portal.api.id } },
    },
  });
  const list = await db.todoList.create({ data: { workspaceId, name: "Launch" } });
  await db.todoItem.create({ data: { workspaceId, listId: list.id, title: "Write the announcement" } });
  await db.invitation.create({ data: { workspaceId, email: `later-${crypto.randomUUID()}@example.test`, role: "VIEWER", expiresAt: new Date(Date.now() + 86_400_000) } });
  await db.planChange.create({ data: { workspaceId, fromPlan: "FREE", toPlan: "PRO", changedBy: "cli:test" } });
  await db.workspaceLogo.create({ data: { workspaceId, contentType: "image/png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) } });
  const event = await db.event.create({ data: { workspaceId, type: "todo.created", data: { id: list.id } } });
  const endpoint = await db.webhookEndpoint.create({ data: { workspaceId, url: "https://hooks.example.test/in", eventTypes: [], secretEncrypted: "not-a-real-secret" } });
  await db.webhookDelivery.create({ data: { workspaceId, endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload: {} } });
  await db.notificationDelivery.create({ data: { workspaceId, kind: "POST_STATUS", subjectType: "post", subjectId: "p", eventId: event.id, recipient: "voter@example.com" } });
  await db.postStatusChange.create({ data: { workspaceId, postId: portal.post.id, from: "open", to: "planned", eventId: event.id } });
  await db.postNotificationPreference.create({ data: { workspaceId, userId: member.id, level: "NONE" } });
  await db.subscriber.create({ data: { workspaceId, topic: "STATUS", email: `sub-${workspaceId}@example.com`, manageTokenHash: `hash-${workspaceId}` } });
  await db.idempotencyKey.create({ data: { workspaceId, key: `retry-${workspaceId}`, fingerprint: "f", status: 201, body: "{}", completedAt: new Date() } });
  // Portal sign-in with the workspace's own accounts: settings, a secret, a used token id and state,
  // an SSO user with a company and a session.
  await db.ssoSettings.create({ data: { workspaceId, enabled: true, signInUrl: "https://app.example.test/sso" } });
  await db.ssoSecret.create({ data: { workspaceId, sealed: "not-a-real-secret", hint: "abcd" } });
  await db.ssoTokenUse.create({ data: { workspaceId, jti: "jti-1", expiresAt: new Date(Date.now() + 60_000) } });
  await db.ssoState.create({ data: { hash: `state-${workspaceId}`, workspaceId, returnPath: "/p/x", expiresAt: new Date(Date.now() + 60_000) } });
  const ssoUser = await db.user.create({ data: { email: `sso-${workspaceId}@sso.invalid`, ssoWorkspaceId: workspaceId, ssoExternalId: "u1" } });
  const company = await db.ssoCompany.create({ data: { workspaceId, externalId: "c1", name: "Co", monthlySpend: 10 } });
  await db.ssoUserCompany.create({ data: { userId: ssoUser.id, companyId: company.id } });
  await db.ssoSession.create({ data: { hash: `session-${workspaceId}`, userId: ssoUser.id, workspaceId, expiresAt: new Date(Date.now() + 60_000) } });
  // A monitor on a component with an outage it recorded; an import with its file and a row it made.
  const monitor = await db.monitor.create({
    data: { workspaceId, componentId: portal.api.id, name: "API", kind: "http", url: "https://api.example.test/health", intervalSeconds: 60, nextCheckAt: new Date() },
  });
  await db.monitorOutage.create({ data: { workspaceId, monitorId: monitor.id, componentId: portal.api.id, startedAt: new Date(), reason: "connection refused" } });
  const importRun = await db.importRun.create({ data: { workspaceId, source: "csv" } });
  await db.importFileChunk.create({ data: { workspaceId, importId: importRun.id, seq: 0, data: new Uint8Array([0x61]) } });
  await db.importedRow.create({ data: { workspaceId, source: "csv", kind: "post", sourceId: "1", targetId: portal.post.id, importId: importRun.id } });
  const key = await tenant.key(["posts:read", "posts:write"]);
  return { ...portal, member, key };
}

const confirm = (slug: string) => ({ confirmation: slug });

describe("deleteWorkspace", () => {
  it("an owner who types the slug deletes every row of the workspace in every table, and nothing of another", async () => {
    const doomed = await fullWorkspace();
    const bystander = await fullWorkspace();
    const before = await rowsPerTable(doomed.workspaceId);
    // The fixture really fills every tenant table, so "0 after" below means something for each.
    for (const [table, n] of Object.entries(before)) expect(n, `rows in ${table} before`).toBeGreaterThan(0);
    const bystanderBefore = await rowsPerTable(bystander.workspaceId);

    const actor = await actorOf(doomed.tenant, doomed.tenant.owner);
    expect(await deleteWorkspace(actor, confirm(doomed.slug))).toEqual({ slug: doomed.slug, name: `Tenant ${doomed.slug}` });

    expect(await db.workspace.count({ where: { id: doomed.workspaceId } })).toBe(0);
    for (const [table, n] of Object.entries(await rowsPerTable(doomed.workspaceId))) expect(n, `rows left in ${table}`).toBe(0);
    expect(await rowsPerTable(bystander.workspaceId)).toEqual(bystanderBefore);
    // People are not the workspace's: the owner, members and authors keep their accounts.
    expect(await db.user.count({ where: { id: { in: [doomed.tenant.owner.id, doomed.member.id, doomed.author.id] } } })).toBe(3);
  });

  it("every tenant table goes with its workspace: a cascading key to it, or to a parent that has one", async () => {
    const foreignKeys = await db.$queryRaw<{ child: string; parent: string; on_delete: string }[]>`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent, c.confdeltype::text AS on_delete
      FROM pg_constraint c WHERE c.contype = 'f'`;
    const unquoted = (name: string) => name.replaceAll('"', "");
    const toWorkspace = foreignKeys.filter((fk) => unquoted(fk.parent) === "Workspace");
    expect(toWorkspace.filter((fk) => fk.on_delete !== "c")).toEqual([]);
    // A table may leave its workspace key without a constraint when every row hangs, by a cascading
    // key, on a parent that goes with the workspace (webhook deliveries on their endpoint: one index
    // and one check less on the busiest insert). Anything else would outlive its workspace.
    const goes = new Set(toWorkspace.map((fk) => unquoted(fk.child)));
    const throughParent = (table: string) =>
      foreignKeys.some((fk) => unquoted(fk.child) === table && fk.on_delete === "c" && goes.has(unquoted(fk.parent)));
    expect((await tenantTables()).filter((table) => !goes.has(table) && !throughParent(table))).toEqual([]);
  });

  it("its API keys answer 401 on the next request and its public answers 404, cached ones included", async () => {
    const doomed = await fullWorkspace();
    expect((await call(posts.GET, "GET", "/api/v1/posts", { key: doomed.key })).status).toBe(200);
    const params = { workspace: doomed.slug };
    expect((await get(publicStatus.GET, `/api/public/${doomed.slug}/status`, params)).status).toBe(200);
    const cached = await get(publicBoards.GET, `/api/public/${doomed.slug}/boards`, params);
    expect(cached.status).toBe(200);
    expect((await get(publicBoards.GET, `/api/public/${doomed.slug}/boards`, params)).headers.get("x-cache")).toBe("HIT");

    // Through the settings form's action: the domain function drops no cache, the action drops
    // this instance's cached answers of the slug it deleted.
    signedIn.user = { id: doomed.tenant.owner.id, email: doomed.tenant.owner.email, name: null, emailVerified: true, sessionId: "test" };
    expect(await deleteWorkspaceAction(doomed.slug, confirm(doomed.slug))).toEqual({ ok: true, data: { slug: doomed.slug, name: expect.any(String) } });

    const afterKey = await call(posts.GET, "GET", "/api/v1/posts", { key: doomed.key });
    expect(afterKey.status).toBe(401);
    expect(afterKey.json.code).toBe("UNAUTHORIZED");
    for (const handler of [publicStatus.GET, publicBoards.GET]) {
      const answer = await get(handler, `/api/public/${doomed.slug}/x`, params);
      expect(answer.status).toBe(404);
      expect(answer.json.code).toBe("NOT_FOUND");
    }
  });

  it.each([
    ["a typo", (slug: string) => `${slug.slice(0, -1)}x`],
    ["the name instead of the slug", () => "Tenant"],
    ["another case", (slug: string) => slug.toUpperCase()],
    ["nothing", () => ""],
  ])("refuses %s as the confirmation, on its field, and deletes nothing", async (_label, typed) => {
    const tenant = await seedTenant();
    const error = await expectApiError(deleteWorkspace(await actorOf(tenant, tenant.owner), confirm(typed(tenant.workspace.slug))), "VALIDATION_ERROR");
    expect(error.details).toEqual([{ path: "confirmation", message: confirmationMismatch(tenant.workspace.slug), code: "invalid_value" }]);
    expect(await db.workspace.count({ where: { id: tenant.workspace.id } })).toBe(1);
  });

  it("accepts the slug with stray spaces around it; refuses a non-string, a missing field and unknown fields", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    for (const input of [{ confirmation: 42 }, {}, { confirmation: tenant.workspace.slug, force: true }, { confirmation: "x".repeat(201) }]) {
      const error = await expectApiError(deleteWorkspace(actor, input as never), "VALIDATION_ERROR");
      expect(error.details?.length).toBeGreaterThan(0);
    }
    expect(await db.workspace.count({ where: { id: tenant.workspace.id } })).toBe(1);
    await deleteWorkspace(actor, confirm(`  ${tenant.workspace.slug} `));
    expect(await db.workspace.count({ where: { id: tenant.workspace.id } })).toBe(0);
  });

  it("only owners delete: admins, members and viewers are refused, even with the right slug", async () => {
    const tenant = await seedTenant();
    for (const role of ["ADMIN", "MEMBER", "VIEWER"] as const) {
      const person = await tenant.member(role);
      const error = await expectApiError(deleteWorkspace(await actorOf(tenant, person), confirm(tenant.workspace.slug)), "FORBIDDEN");
      expect(error.message).toBe("Only owners can delete the workspace.");
    }
    expect(await db.workspace.count({ where: { id: tenant.workspace.id } })).toBe(1);
  });

  it("an owner demoted in another tab after opening the page is refused: the role is read again under the lock", async () => {
    const tenant = await seedTenant();
    const second = await tenant.member("OWNER");
    const staleActor = await actorOf(tenant, second);
    await db.membership.updateMany({ where: { workspaceId: tenant.workspace.id, userId: second.id }, data: { role: "ADMIN" } });
    await expectApiError(deleteWorkspace(staleActor, confirm(tenant.workspace.slug)), "FORBIDDEN");
    expect(await db.workspace.count({ where: { id: tenant.workspace.id } })).toBe(1);
  });

  it("a slug renamed in another tab meanwhile: the old slug no longer confirms", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const renamed = `renamed-${tenant.workspace.slug}`;
    await updateWorkspace(actor, { slug: renamed });
    const error = await expectApiError(deleteWorkspace(actor, confirm(tenant.workspace.slug)), "VALIDATION_ERROR");
    expect(error.details?.[0]?.message).toBe(confirmationMismatch(renamed));
    expect(await db.workspace.count({ where: { id: tenant.workspace.id } })).toBe(1);
  });

  it("deleted in one tab while another edits it: the other tab's changes are refused as gone, never a 500", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    // Both actors were read when their pages loaded, before the delete.
    const [owner, otherTab] = [await actorOf(tenant, tenant.owner), await actorOf(tenant, admin)];
    await deleteWorkspace(owner, confirm(tenant.workspace.slug));

    // Started one at a time: a refusal that nobody awaits yet would be an unhandled rejection.
    const attempts = [
      () => updateWorkspace(otherTab, { name: "Renamed" }),
      () => leaveWorkspace(otherTab),
      () => createApiKey(otherTab, { name: "late", scopes: ["posts:read"], expiresInDays: null }),
      () => deleteWorkspace(owner, confirm(tenant.workspace.slug)),
      () => getWorkspaceActorOrThrow(admin.id, tenant.workspace.slug),
    ];
    for (const attempt of attempts) expect((await expectApiError(attempt(), "NOT_FOUND")).message).toBe(WORKSPACE_GONE);
    expect(await db.apiKey.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("an edit racing the delete either lands before it or is refused as gone; no row outlives the workspace", async () => {
    for (let round = 0; round < 3; round++) {
      const tenant = await seedTenant({ plan: "PRO" });
      const board = await seedBoard(tenant.workspace.id);
      const key = await tenant.key(["posts:write"]);
      const [owner, admin] = [await actorOf(tenant, tenant.owner), await actorOf(tenant, await tenant.member("ADMIN"))];
      const [, ...others] = await Promise.allSettled([
        deleteWorkspace(owner, confirm(tenant.workspace.slug)),
        updateWorkspace(admin, { name: "Edited meanwhile" }),
        createApiKey(admin, { name: "meanwhile", scopes: ["posts:read"], expiresInDays: null }),
        ...Array.from({ length: 4 }, (_, i) =>
          call(posts.POST, "POST", "/api/v1/posts", { key, body: { boardId: board.id, title: `Racing ${i}` } }).then((r) => r.status),
        ),
      ]);
      for (const result of others) {
        if (result.status === "rejected") expect(result.reason, String(result.reason)).toBeInstanceOf(DomainError);
        // The API answers: created before the delete, key gone (401), or the workspace gone under it.
        else if (typeof result.value === "number") expect([201, 401, 404, 409]).toContain(result.value);
      }
      expect(Object.values(await rowsPerTable(tenant.workspace.id)).every((n) => n === 0)).toBe(true);
    }
  });

  it("two tabs confirming the delete at once: one deletes, the other is told it is gone", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const results = await Promise.allSettled([deleteWorkspace(actor, confirm(tenant.workspace.slug)), deleteWorkspace(actor, confirm(tenant.workspace.slug))]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "NOT_FOUND", message: WORKSPACE_GONE });
  });
});
