import { describe, expect, it } from "vitest";
import * as invitations from "@/app/api/v1/invitations/route";
import * as invitation from "@/app/api/v1/invitations/[id]/route";
import * as member from "@/app/api/v1/members/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

const eventCount = (workspaceId: string, type: string) => db.event.count({ where: { workspaceId, type } });

describe("POST /api/v1/invitations", () => {
  itChecksKeys({ handler: invitations.POST, method: "POST", path: "/api/v1/invitations", scope: "members:write", request: () => ({ body: { email: "new@example.test", role: "MEMBER" } }) });

  it("201 invites, records invitation.created; 409 naming email for a member or an invited address; 403 for an admin inviting an owner", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const key = await tenant.key(["members:write"]);
    const result = await call(invitations.POST, "POST", "/api/v1/invitations", { key, body: { email: "New@Example.test", role: "MEMBER" } });
    expect(result.status).toBe(201);
    expect(result.json.data).toEqual({ invitationId: expect.any(String), email: "new@example.test", role: "MEMBER" });
    expect(await eventCount(tenant.workspace.id, "invitation.created")).toBe(1);

    const again = await call(invitations.POST, "POST", "/api/v1/invitations", { key, body: { email: "new@example.test", role: "ADMIN" } });
    expectError(again, 409, "CONFLICT");
    const existing = await call(invitations.POST, "POST", "/api/v1/invitations", { key, body: { email: tenant.owner.email, role: "MEMBER" } });
    expectError(existing, 409, "CONFLICT");
    expect(existing.json.details).toEqual([expect.objectContaining({ path: "email" })]);

    const admin = await tenant.member("ADMIN");
    const adminKey = await tenant.key(["members:write"], { creatorId: admin.id });
    expectError(await call(invitations.POST, "POST", "/api/v1/invitations", { key: adminKey, body: { email: "boss@example.test", role: "OWNER" } }), 403, "FORBIDDEN");
    expectValidationError(await call(invitations.POST, "POST", "/api/v1/invitations", { key, body: { email: "nope", role: "MEMBER" } }), "email");
    expectValidationError(await call(invitations.POST, "POST", "/api/v1/invitations", { key, body: { email: "x@example.test", role: "KING" } }), "role");
  });
});

describe("DELETE /api/v1/invitations/{id}", () => {
  itChecksKeys({ handler: invitation.DELETE, method: "DELETE", path: "/api/v1/invitations/x", scope: "members:write", request: () => ({ params: { id: "i_none" } }) });

  it("200 withdraws it with invitation.revoked; then 404", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const key = await tenant.key(["members:write"]);
    const created = await call(invitations.POST, "POST", "/api/v1/invitations", { key, body: { email: "gone@example.test", role: "VIEWER" } });
    const id = created.json.data.invitationId;
    const revoked = await call(invitation.DELETE, "DELETE", `/api/v1/invitations/${id}`, { key, params: { id } });
    expect(revoked.json.data).toEqual({ invitationId: id });
    expect(await eventCount(tenant.workspace.id, "invitation.revoked")).toBe(1);
    expectError(await call(invitation.DELETE, "DELETE", `/api/v1/invitations/${id}`, { key, params: { id } }), 404, "NOT_FOUND");
  });
});

describe("PATCH and DELETE /api/v1/members/{id}", () => {
  itChecksKeys({
    handler: member.PATCH,
    method: "PATCH",
    path: "/api/v1/members/x",
    scope: "members:write",
    request: async (tenant) => ({ params: { id: (await tenant.member("VIEWER")).id }, body: { role: "MEMBER" } }),
  });

  it("200 changes a role with member.role_changed; GET answers the member with an ETag that a stale If-Match fails on", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["members:read", "members:write"]);
    const viewer = await tenant.member("VIEWER");
    const params = { id: viewer.id };
    const read = await call(member.GET, "GET", `/api/v1/members/${viewer.id}`, { key, params });
    expect(read.json.data).toMatchObject({ userId: viewer.id, role: "VIEWER" });
    const changed = await call(member.PATCH, "PATCH", `/api/v1/members/${viewer.id}`, { key, params, body: { role: "MEMBER" } });
    expect(changed.json.data).toEqual({ userId: viewer.id, role: "MEMBER" });
    expect(await eventCount(tenant.workspace.id, "member.role_changed")).toBe(1);
    const stale = await call(member.PATCH, "PATCH", `/api/v1/members/${viewer.id}`, { key, params, body: { role: "ADMIN" }, headers: { "If-Match": read.headers.get("etag")! } });
    expectError(stale, 412, "PRECONDITION_FAILED");
    expect((await db.membership.findFirstOrThrow({ where: { userId: viewer.id } })).role).toBe("MEMBER");
  });

  it("409 for demoting or removing the last owner; 403 for an admin touching an owner; 404 for someone not a member", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["members:write"]);
    const params = { id: tenant.owner.id };
    expectError(await call(member.PATCH, "PATCH", `/api/v1/members/${tenant.owner.id}`, { key, params, body: { role: "ADMIN" } }), 409, "CONFLICT");
    expectError(await call(member.DELETE, "DELETE", `/api/v1/members/${tenant.owner.id}`, { key, params }), 409, "CONFLICT");
    expect((await db.membership.findFirstOrThrow({ where: { userId: tenant.owner.id, workspaceId: tenant.workspace.id } })).role).toBe("OWNER");

    const admin = await tenant.member("ADMIN");
    const adminKey = await tenant.key(["members:write"], { creatorId: admin.id });
    expectError(await call(member.PATCH, "PATCH", `/api/v1/members/${tenant.owner.id}`, { key: adminKey, params, body: { role: "VIEWER" } }), 403, "FORBIDDEN");
    const stranger = (await seedTenant()).owner;
    expectError(await call(member.PATCH, "PATCH", `/api/v1/members/${stranger.id}`, { key, params: { id: stranger.id }, body: { role: "VIEWER" } }), 404, "NOT_FOUND");
  });

  it("DELETE 200 removes a member, revokes their keys, records member.removed", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["members:write"]);
    const leaving = await tenant.member("MEMBER");
    await tenant.key(["posts:read"], { creatorId: leaving.id });
    const removed = await call(member.DELETE, "DELETE", `/api/v1/members/${leaving.id}`, { key, params: { id: leaving.id } });
    expect(removed.json.data).toEqual({ userId: leaving.id, revokedKeys: 1 });
    expect(await eventCount(tenant.workspace.id, "member.removed")).toBe(1);
  });
});

describe("key checks of GET and DELETE /members/{id}", () => {
  itChecksKeys({ handler: member.GET, method: "GET", path: "/api/v1/members/x", scope: "members:read", request: () => ({ params: { id: "u_none" } }) });
  itChecksKeys({ handler: member.DELETE, method: "DELETE", path: "/api/v1/members/x", scope: "members:write", request: () => ({ params: { id: "u_none" } }) });
});
