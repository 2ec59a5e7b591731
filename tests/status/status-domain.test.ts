import { describe, expect, it } from "vitest";
import * as v1Incidents from "@/app/api/v1/status/incidents/route";
import * as v1Incident from "@/app/api/v1/status/incidents/[id]/route";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import type { Role } from "@/lib/generated/prisma/enums";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { cancelMaintenance } from "@/lib/domain/status/cancel-maintenance";
import { createComponent } from "@/lib/domain/status/create-component";
import { createIncident } from "@/lib/domain/status/create-incident";
import { deleteComponent } from "@/lib/domain/status/delete-component";
import { endMaintenance } from "@/lib/domain/status/end-maintenance";
import { getMaintenanceSchedule } from "@/lib/domain/status/maintenance-schedule";
import { reorderComponents } from "@/lib/domain/status/reorder-components";
import { scheduleMaintenance } from "@/lib/domain/status/schedule-maintenance";
import { setComponentStatus } from "@/lib/domain/status/set-component-status";
import { updateComponent } from "@/lib/domain/status/update-component";
import { updateIncident } from "@/lib/domain/status/update-incident";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { call, seedTenant, type Tenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function ownerActor(options: { plan?: "FREE" | "PRO"; published?: boolean } = {}) {
  const tenant = await seedTenant(options);
  return { tenant, actor: await actorOf(tenant, tenant.owner) };
}

async function actorWithRole(tenant: Tenant, role: Role) {
  return actorOf(tenant, await tenant.member(role));
}

/** Every row a status write can touch, to show a refused one touched nothing. */
async function snapshot(workspaceId: string) {
  const where = { workspaceId };
  return {
    components: await db.statusComponent.findMany({ where, orderBy: { id: "asc" } }),
    incidents: await db.incident.findMany({ where, orderBy: { id: "asc" } }),
    updates: await db.incidentUpdate.count({ where }),
    changes: await db.componentStatusChange.count({ where }),
    maintenances: await db.maintenance.findMany({ where, orderBy: { id: "asc" } }),
    maintenanceLinks: await db.maintenanceComponent.count({ where }),
  };
}

const window = (componentIds: string[], startsInMs: number, lastsMs = HOUR, now = Date.now()) => ({
  title: "Upgrade",
  startsAt: new Date(now + startsInMs).toISOString(),
  endsAt: new Date(now + startsInMs + lastsMs).toISOString(),
  componentIds,
});

describe("status components", () => {
  it("are created at the end of the page, renamed, re-described and reordered", async () => {
    const { actor } = await ownerActor();
    const api = await createComponent(actor, { name: " API ", description: "" });
    const web = await createComponent(actor, { name: "Website", description: "The marketing site" });
    expect([api.name, api.position, web.position]).toEqual(["API", 0, 1]);
    expect(await updateComponent(actor, api.id, { name: "Public API", description: "REST" })).toMatchObject({ name: "Public API", description: "REST", status: "operational" });
    await reorderComponents(actor, { ids: [web.id, api.id] });
    const rows = await db.statusComponent.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { position: "asc" } });
    expect(rows.map((row) => row.name)).toEqual(["Website", "Public API"]);
  });

  it("an empty name is a field error, and nothing is written", async () => {
    const { actor } = await ownerActor();
    const before = await snapshot(actor.workspaceId);
    const error = await expectApiError(createComponent(actor, { name: "   ", description: "" }), "VALIDATION_ERROR");
    expect(error.details).toEqual([expect.objectContaining({ path: "name", message: "Name must not be empty." })]);
    expect(await snapshot(actor.workspaceId)).toEqual(before);
  });

  it("the eleventh component on Free is refused with PLAN_LIMIT, and Pro has no limit", async () => {
    const { actor } = await ownerActor();
    for (let i = 0; i < 10; i++) await createComponent(actor, { name: `C${i}`, description: "" });
    const error = await expectApiError(createComponent(actor, { name: "C10", description: "" }), "PLAN_LIMIT");
    expect(error.message).toBe("The Free plan allows 10 status components. Upgrade to Pro for more.");
    expect(await db.statusComponent.count({ where: { workspaceId: actor.workspaceId } })).toBe(10);
    const pro = await ownerActor({ plan: "PRO" });
    for (let i = 0; i < 11; i++) await createComponent(pro.actor, { name: `C${i}`, description: "" });
  });

  it("a reorder that does not name exactly the current components is refused whole (another tab changed them)", async () => {
    const { actor } = await ownerActor();
    const a = await createComponent(actor, { name: "A", description: "" });
    const b = await createComponent(actor, { name: "B", description: "" });
    const before = await snapshot(actor.workspaceId);
    await expectApiError(reorderComponents(actor, { ids: [b.id] }), "CONFLICT");
    await expectApiError(reorderComponents(actor, { ids: [b.id, a.id, "cm_deleted_elsewhere"] }), "CONFLICT");
    const duplicate = await expectApiError(reorderComponents(actor, { ids: [a.id, a.id] }), "VALIDATION_ERROR");
    expect(duplicate.details?.[0]?.path).toBe("ids");
    expect(await snapshot(actor.workspaceId)).toEqual(before);
  });

  it("concurrent reorders end in one of the requested orders, never a mix", async () => {
    const { actor } = await ownerActor();
    const ids = [];
    for (const name of ["A", "B", "C", "D"]) ids.push((await createComponent(actor, { name, description: "" })).id);
    const orders = [[...ids].reverse(), [ids[2]!, ids[0]!, ids[3]!, ids[1]!], [ids[1]!, ids[3]!, ids[0]!, ids[2]!]];
    await Promise.all(orders.map((order) => reorderComponents(actor, { ids: order })));
    const final = (await db.statusComponent.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { position: "asc" } })).map((row) => row.id);
    expect(orders).toContainEqual(final);
  });

  it("a status set by hand shows at once and is recorded in the history; setting the same status records nothing", async () => {
    const { actor } = await ownerActor();
    const api = await createComponent(actor, { name: "API", description: "" });
    await setComponentStatus(actor, api.id, { status: "degraded_performance" });
    await setComponentStatus(actor, api.id, { status: "degraded_performance" });
    const changes = await db.componentStatusChange.findMany({ where: { componentId: api.id } });
    expect(changes).toEqual([expect.objectContaining({ fromStatus: "operational", toStatus: "degraded_performance" })]);
    const { data } = await getPublicStatus(scopedDb(actor.workspaceId), { history: true });
    expect(data.components[0]).toMatchObject({ status: "degraded_performance", uptime: { days: [expect.objectContaining({ state: "degraded_performance" })] } });
    await expectApiError(setComponentStatus(actor, api.id, { status: "broken" as never }), "VALIDATION_ERROR");
    await expectApiError(setComponentStatus(actor, "cm_missing", { status: "operational" }), "NOT_FOUND");
  });

  it("deleting a component an active incident affects is refused, naming the incident; once resolved it deletes with its history", async () => {
    const { actor } = await ownerActor();
    const api = await createComponent(actor, { name: "API", description: "" });
    const incident = await createIncident(actor, { title: "API down", message: "Looking.", impact: "critical", components: [{ id: api.id, status: "major_outage" }] });
    const before = await snapshot(actor.workspaceId);
    const refused = await expectApiError(deleteComponent(actor, api.id), "CONFLICT");
    expect(refused.message).toBe("“API” is affected by the active incident “API down”. Resolve the incident first, then delete the component.");
    expect(await snapshot(actor.workspaceId)).toEqual(before);

    await updateIncident(actor, incident.id, { status: "resolved", message: "Fixed." });
    await deleteComponent(actor, api.id);
    expect(await db.statusComponent.count({ where: { id: api.id } })).toBe(0);
    expect(await db.componentStatusChange.count({ where: { componentId: api.id } })).toBe(0);
    await expectApiError(deleteComponent(actor, api.id), "NOT_FOUND");
  });
});

describe("incidents from the dashboard and the API share one domain", () => {
  it("an update on a resolved incident is refused with a field error on status, and changes nothing", async () => {
    const { tenant, actor } = await ownerActor();
    const api = await createComponent(actor, { name: "API", description: "" });
    const incident = await createIncident(actor, { title: "Errors", message: "Looking.", components: [{ id: api.id, status: "partial_outage" }] });
    await updateIncident(actor, incident.id, { status: "resolved", message: "Fixed." });
    const before = await snapshot(actor.workspaceId);
    const error = await expectApiError(updateIncident(actor, incident.id, { message: "One more thing" }), "VALIDATION_ERROR");
    expect(error.details).toEqual([{ path: "status", message: "The incident is resolved; it takes no further updates.", code: "invalid_transition" }]);
    // The API answers the same, through the same function.
    const key = await tenant.key(["status:write"]);
    const viaApi = await call(v1Incident.PATCH, "PATCH", `/api/v1/status/incidents/${incident.id}`, { key, params: { id: incident.id }, body: { message: "again" } });
    expect(viaApi.status).toBe(400);
    expect(viaApi.json.details).toEqual(error.details);
    expect(await snapshot(actor.workspaceId)).toEqual(before);
  });

  it("incident writes record the component history at the update's own time", async () => {
    const { actor } = await ownerActor();
    const api = await createComponent(actor, { name: "API", description: "" });
    const opened = await createIncident(actor, { title: "Errors", message: "Looking.", components: [{ id: api.id, status: "major_outage" }] });
    const resolved = await updateIncident(actor, opened.id, { status: "resolved", message: "Fixed." });
    const changes = await db.componentStatusChange.findMany({ where: { componentId: api.id }, orderBy: { at: "asc" } });
    expect(changes.map((change) => [change.fromStatus, change.toStatus, change.at.toISOString()])).toEqual([
      ["operational", "major_outage", opened.createdAt],
      ["major_outage", "operational", resolved.resolvedAt],
    ]);
  });

  it("a key's writes and a session's writes are both checked by the domain's role rule", async () => {
    const { tenant } = await ownerActor();
    const member = await actorWithRole(tenant, "MEMBER");
    await expectApiError(createIncident(member, { title: "x", message: "y" }), "FORBIDDEN");
    // A key whose creator was demoted to member since: the pipeline refuses first, the domain would too.
    const admin = await tenant.member("ADMIN");
    const key = await tenant.key(["status:write"], { creatorId: admin.id });
    await db.membership.updateMany({ where: { workspaceId: tenant.workspace.id, userId: admin.id }, data: { role: "MEMBER" } });
    const result = await call(v1Incidents.POST, "POST", "/api/v1/status/incidents", { key, body: { title: "x", message: "y" } });
    expect(result.status).toBe(403);
    expect(result.json.code).toBe("FORBIDDEN");
  });
});

describe("maintenance windows", () => {
  it("one that ends before it starts is a field error on endsAt", async () => {
    const { actor } = await ownerActor();
    const api = await createComponent(actor, { name: "API", description: "" });
    const before = await snapshot(actor.workspaceId);
    const error = await expectApiError(scheduleMaintenance(actor, window([api.id], HOUR, -MINUTE)), "VALIDATION_ERROR");
    expect(error.details).toEqual([expect.objectContaining({ path: "endsAt", message: "The window must end after it starts." })]);
    const same = await expectApiError(scheduleMaintenance(actor, window([api.id], HOUR, 0)), "VALIDATION_ERROR");
    expect(same.details?.[0]?.path).toBe("endsAt");
    expect(await snapshot(actor.workspaceId)).toEqual(before);
  });

  it("windows in the past are refused; a start up to five minutes ago is taken as now", async () => {
    const { actor } = await ownerActor();
    const api = await createComponent(actor, { name: "API", description: "" });
    const now = new Date();
    const over = await expectApiError(scheduleMaintenance(actor, window([api.id], -2 * HOUR, HOUR, now.getTime()), now), "VALIDATION_ERROR");
    expect(over.details).toEqual([expect.objectContaining({ path: "endsAt", code: "in_past" })]);
    const startedLongAgo = await expectApiError(scheduleMaintenance(actor, window([api.id], -10 * MINUTE, HOUR, now.getTime()), now), "VALIDATION_ERROR");
    expect(startedLongAgo.details).toEqual([expect.objectContaining({ path: "startsAt", code: "in_past" })]);
    expect(await db.maintenance.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);

    const justNow = await scheduleMaintenance(actor, window([api.id], -2 * MINUTE, HOUR, now.getTime()), now);
    expect(justNow).toMatchObject({ state: "in_progress", startsAt: now.toISOString() });
  });

  it("is bounded: at most 30 days long and a year ahead; components must exist and be named once", async () => {
    const { actor } = await ownerActor();
    const api = await createComponent(actor, { name: "API", description: "" });
    const long = await expectApiError(scheduleMaintenance(actor, window([api.id], HOUR, 31 * 24 * HOUR)), "VALIDATION_ERROR");
    expect(long.details?.[0]).toMatchObject({ path: "endsAt", message: "A window lasts at most 30 days." });
    const far = await expectApiError(scheduleMaintenance(actor, window([api.id], 400 * 24 * HOUR)), "VALIDATION_ERROR");
    expect(far.details?.[0]).toMatchObject({ path: "startsAt" });
    const none = await expectApiError(scheduleMaintenance(actor, window([], HOUR)), "VALIDATION_ERROR");
    expect(none.details?.[0]).toMatchObject({ path: "componentIds", message: "Choose at least one component." });
    const twice = await expectApiError(scheduleMaintenance(actor, window([api.id, api.id], HOUR)), "VALIDATION_ERROR");
    expect(twice.details?.[0]?.path).toBe("componentIds");
    const gone = await expectApiError(scheduleMaintenance(actor, window([api.id, "cm_gone"], HOUR)), "NOT_FOUND");
    expect(gone.details?.[0]?.path).toBe("componentIds");
    const notADate = await expectApiError(scheduleMaintenance(actor, { ...window([api.id], HOUR), startsAt: "tomorrow" }), "VALIDATION_ERROR");
    expect(notADate.details?.[0]?.path).toBe("startsAt");
    expect(await db.maintenance.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });

  it("an upcoming window can be cancelled, not ended; a running one ended, not cancelled; a finished one neither", async () => {
    const { actor } = await ownerActor();
    const api = await createComponent(actor, { name: "API", description: "" });
    const upcoming = await scheduleMaintenance(actor, window([api.id], HOUR));
    await expectApiError(endMaintenance(actor, upcoming.id), "CONFLICT");
    await cancelMaintenance(actor, upcoming.id);
    await expectApiError(cancelMaintenance(actor, upcoming.id), "NOT_FOUND");

    const running = await scheduleMaintenance(actor, window([api.id], 0));
    await expectApiError(cancelMaintenance(actor, running.id), "CONFLICT");
    const ended = await endMaintenance(actor, running.id);
    expect(ended.state).toBe("completed");
    expect((await getMaintenanceSchedule(actor.db, actor.workspaceId)).maintainedComponentIds.size).toBe(0);
    await expectApiError(endMaintenance(actor, running.id), "CONFLICT");
    // The ended window stays in the uptime history, on the day it started (found by its date: near
    // midnight UTC the read can fall on the next day).
    const { data } = await getPublicStatus(scopedDb(actor.workspaceId), { history: true });
    const startedOn = new Date(running.startsAt).toISOString().slice(0, 10);
    expect(data.components[0]!.uptime!.days.find((day) => day.date === startedOn)?.maintenances).toEqual([{ id: running.id, title: "Upgrade" }]);
  });
});

describe("roles (lib/domain/access/roles.ts): status is for admins and owners", () => {
  it("members and viewers are refused every status write, and nothing is written", async () => {
    const { tenant, actor: owner } = await ownerActor();
    const api = await createComponent(owner, { name: "API", description: "" });
    const incident = await createIncident(owner, { title: "Errors", message: "Looking." });
    const upcoming = await scheduleMaintenance(owner, window([api.id], HOUR));
    for (const role of ["MEMBER", "VIEWER"] as const) {
      const actor: WorkspaceActor = await actorWithRole(tenant, role);
      const before = await snapshot(tenant.workspace.id);
      const writes = [
        createComponent(actor, { name: "X", description: "" }),
        updateComponent(actor, api.id, { name: "Y" }),
        setComponentStatus(actor, api.id, { status: "major_outage" }),
        reorderComponents(actor, { ids: [api.id] }),
        deleteComponent(actor, api.id),
        createIncident(actor, { title: "x", message: "y" }),
        updateIncident(actor, incident.id, { message: "y" }),
        scheduleMaintenance(actor, window([api.id], HOUR)),
        endMaintenance(actor, upcoming.id),
        cancelMaintenance(actor, upcoming.id),
      ];
      for (const write of writes) {
        const error = await expectApiError(write, "FORBIDDEN");
        expect(error.message).toMatch(/^Only admins and owners can /);
      }
      expect(await snapshot(tenant.workspace.id)).toEqual(before);
    }
    const admin = await actorWithRole(tenant, "ADMIN");
    await setComponentStatus(admin, api.id, { status: "partial_outage" });
  });
});
