import { describe, expect, it } from "vitest";
import { createReleaseNote } from "@/lib/domain/changelog/create-release-note";
import { publishDue } from "@/lib/domain/changelog/publication-event";
import { updateReleaseNote } from "@/lib/domain/changelog/update-release-note";
import { releaseNoteSchema } from "@/lib/domain/changelog/view";
import { db } from "@/lib/platform/db/client";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { memberSchema } from "@/lib/domain/members/view";
import { removeMember } from "@/lib/domain/members/remove-member";
import { createRoadmapItem } from "@/lib/domain/roadmap/create-roadmap-item";
import { deleteRoadmapItem } from "@/lib/domain/roadmap/delete-roadmap-item";
import { updateRoadmapItem } from "@/lib/domain/roadmap/update-roadmap-item";
import { roadmapItemSchema } from "@/lib/domain/roadmap/view";
import { componentSchema } from "@/lib/domain/status/component-view";
import { createComponent } from "@/lib/domain/status/create-component";
import { createIncident } from "@/lib/domain/status/create-incident";
import { cancelMaintenance } from "@/lib/domain/status/cancel-maintenance";
import { endMaintenance } from "@/lib/domain/status/end-maintenance";
import { incidentDetailSchema } from "@/lib/domain/status/incident-view";
import { maintenanceBoundary } from "@/lib/domain/status/maintenance-events";
import { scheduleMaintenance } from "@/lib/domain/status/schedule-maintenance";
import { setComponentStatus } from "@/lib/domain/status/set-component-status";
import { updateIncident } from "@/lib/domain/status/update-incident";
import { createTodo } from "@/lib/domain/todos/create-todo";
import { updateTodo } from "@/lib/domain/todos/update-todo";
import { todoSchema } from "@/lib/domain/todos/view";
import { seedTenant } from "../support/api";
import { actorOf } from "../support/actors";
import { eventsWithConsumeJobs, eventsOf } from "./support";

async function owner() {
  const tenant = await seedTenant({ plan: "PRO" });
  return { tenant, actor: await actorOf(tenant, tenant.owner), workspaceId: tenant.workspace.id };
}

function jobsNamed(name: string) {
  return db.$queryRawUnsafe<{ data: Record<string, string>; start_after: Date }[]>(`SELECT data, start_after FROM ${JOB_SCHEMA}.job WHERE name = $1`, name);
}

describe("events of each group, with the API's shape as data", () => {
  it("roadmap items: created, updated, deleted", async () => {
    const { actor, workspaceId } = await owner();
    const item = await createRoadmapItem(actor, { title: "Dark mode", stage: "planned" });
    await updateRoadmapItem(actor, item.id, { title: "Dark theme" });
    await deleteRoadmapItem(actor, item.id);
    const events = await eventsOf(workspaceId);
    expect(events.map((event) => event.type)).toEqual(["roadmap_item.created", "roadmap_item.updated", "roadmap_item.deleted"]);
    for (const event of events) expect(roadmapItemSchema.safeParse(event.data).success, event.type).toBe(true);
    expect(events[1]!.data).toMatchObject({ title: "Dark theme" });
    expect(events[1]!.previous).toMatchObject({ title: "Dark mode" });
  });

  it("release notes: published now at once; scheduled, at their time, and not if moved", async () => {
    const { actor, workspaceId } = await owner();
    const now = new Date();
    const live = await createReleaseNote(actor, { title: "1.0", body: "Hello", publish: true }, now);
    await updateReleaseNote(actor, live.id, { title: "1.0.1" }, now); // already published: no second event
    const at = new Date(now.getTime() + 3_600_000);
    const later = await createReleaseNote(actor, { title: "2.0", body: "Soon", publish: true, publishedAt: at.toISOString() }, now);
    expect((await eventsOf(workspaceId, "release_note.published")).map((event) => event.data.id)).toEqual([live.id]);

    const [job] = (await jobsNamed("changelog.publish_due")).filter((row) => row.data.noteId === later.id);
    expect(job!.start_after.getTime()).toBe(at.getTime());
    await publishDue({ workspaceId, noteId: later.id, publishedAt: at.toISOString() }, now); // early: nothing
    await publishDue({ workspaceId, noteId: later.id, publishedAt: at.toISOString() }, new Date(at.getTime() + 1));
    await publishDue({ workspaceId, noteId: later.id, publishedAt: at.toISOString() }, new Date(at.getTime() + 2)); // a retry: once only
    const events = await eventsOf(workspaceId, "release_note.published");
    expect(events.map((event) => event.data.id)).toEqual([live.id, later.id]);
    for (const event of events) expect(releaseNoteSchema.safeParse(event.data).success).toBe(true);
    // A job for a time the note no longer has records nothing.
    await publishDue({ workspaceId, noteId: live.id, publishedAt: at.toISOString() }, new Date(at.getTime() + 1));
    expect(await eventsOf(workspaceId, "release_note.published")).toHaveLength(2);
  });

  it("incidents and component statuses", async () => {
    const { actor, workspaceId } = await owner();
    const api = await createComponent(actor, { name: "API", description: "" });
    const incident = await createIncident(actor, { title: "Errors", message: "Looking", components: [{ id: api.id, status: "major_outage" }] });
    await updateIncident(actor, incident.id, { status: "identified", message: "Found it" });
    await updateIncident(actor, incident.id, { status: "resolved", message: "Fixed" });
    await setComponentStatus(actor, api.id, { status: "degraded_performance" });
    const events = await eventsOf(workspaceId);
    expect(events.map((event) => event.type)).toEqual([
      "status_component.created",
      "status_component.status_changed",
      "incident.created",
      "incident.updated",
      "status_component.status_changed",
      "incident.resolved",
      "status_component.status_changed",
    ]);
    for (const event of events.filter((event) => event.type.startsWith("incident."))) expect(incidentDetailSchema.safeParse(event.data).success, event.type).toBe(true);
    const changes = events.filter((event) => event.type === "status_component.status_changed");
    for (const event of changes) expect(componentSchema.safeParse(event.data).success).toBe(true);
    expect(changes.map((event) => [event.previous?.status, event.data.status])).toEqual([
      ["operational", "major_outage"],
      ["major_outage", "operational"],
      ["operational", "degraded_performance"],
    ]);
  });

  it("maintenance: scheduled now; started and completed by jobs at its boundaries; ended early once", async () => {
    const { actor, workspaceId } = await owner();
    const api = await createComponent(actor, { name: "API", description: "" });
    const now = new Date();
    const startsAt = new Date(now.getTime() + 60_000);
    const endsAt = new Date(now.getTime() + 120_000);
    const window = await scheduleMaintenance(actor, { title: "Upgrade", startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), componentIds: [api.id] }, now);
    expect((await eventsOf(workspaceId)).map((event) => event.type)).toEqual(["status_component.created", "maintenance.scheduled"]);
    const jobs = (await jobsNamed("status.maintenance_boundary")).filter((row) => row.data.maintenanceId === window.id);
    expect(jobs.map((job) => [job.data.boundary, job.start_after.getTime()]).sort()).toEqual([["end", endsAt.getTime()], ["start", startsAt.getTime()]]);

    const start = { workspaceId, maintenanceId: window.id, boundary: "start" as const, at: startsAt.toISOString() };
    await maintenanceBoundary(start, now); // not yet due
    await maintenanceBoundary(start, new Date(startsAt.getTime() + 1));
    await maintenanceBoundary(start, new Date(startsAt.getTime() + 2)); // again: once only
    await endMaintenance(actor, window.id, new Date(startsAt.getTime() + 10_000));
    // The original end finds the window ended early: nothing more.
    await maintenanceBoundary({ ...start, boundary: "end", at: endsAt.toISOString() }, new Date(endsAt.getTime() + 1));
    const events = await eventsOf(workspaceId);
    expect(events.map((event) => event.type)).toEqual(["status_component.created", "maintenance.scheduled", "maintenance.started", "maintenance.completed"]);
    expect(events[3]!.data).toMatchObject({ id: window.id, state: "completed", endsAt: new Date(startsAt.getTime() + 10_000).toISOString() });
  });

  it("maintenance: a window called off before it began records maintenance.cancelled, and its boundaries record nothing", async () => {
    const { actor, workspaceId } = await owner();
    const api = await createComponent(actor, { name: "API", description: "" });
    const now = new Date();
    const startsAt = new Date(now.getTime() + 60_000);
    const endsAt = new Date(now.getTime() + 120_000);
    const window = await scheduleMaintenance(actor, { title: "Upgrade", startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), componentIds: [api.id] }, now);
    await cancelMaintenance(actor, window.id, now);
    await maintenanceBoundary({ workspaceId, maintenanceId: window.id, boundary: "start", at: startsAt.toISOString() }, new Date(startsAt.getTime() + 1));
    const events = await eventsOf(workspaceId);
    expect(events.map((event) => event.type)).toEqual(["status_component.created", "maintenance.scheduled", "maintenance.cancelled"]);
    expect(events[2]!.data).toMatchObject({ id: window.id, title: "Upgrade", state: "upcoming" });
    expect(await eventsWithConsumeJobs([events[2]!.id])).toHaveLength(1);
  });

  it("members and todos", async () => {
    const { tenant, actor, workspaceId } = await owner();
    const member = await tenant.member("MEMBER");
    await removeMember(actor, { userId: member.id });
    const todo = await createTodo(actor, { listName: "Launch", title: "Write the post" });
    await updateTodo(actor, todo.id, { completed: true });
    await updateTodo(actor, todo.id, { completed: true }); // already done: no second event
    const events = await eventsOf(workspaceId);
    expect(events.map((event) => event.type)).toEqual(["member.removed", "todo.created", "todo.completed"]);
    expect(memberSchema.safeParse(events[0]!.data).success).toBe(true);
    expect(events[0]!.data).toMatchObject({ userId: member.id, role: "MEMBER" });
    for (const event of events.slice(1)) expect(todoSchema.safeParse(event.data).success, event.type).toBe(true);
    expect(events[2]!.data).toMatchObject({ id: todo.id, completed: true });
  });
});
