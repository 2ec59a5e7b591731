import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { listPublicIncidents } from "@/lib/domain/status/list-incidents";
import { createIncident } from "@/lib/domain/status/create-incident";
import { getStatusDashboard } from "@/lib/domain/status/get-status-dashboard";
import { listIncidents } from "@/lib/domain/status/list-incidents";
import { updateIncident } from "@/lib/domain/status/update-incident";
import { seedTenant } from "../support/api";
import { actorOf } from "../support/actors";

/** Which incidents each reader calls active, and which resolved, for the same workspace. */
async function activeEverywhere(workspaceId: string) {
  const scoped = scopedDb(workspaceId);
  const page = { limit: 100, cursor: undefined };
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
  return {
    publicStatus: ids((await getPublicStatus(scoped)).data.activeIncidents),
    publicList: ids((await listPublicIncidents(scoped, { state: "active", ...page })).data),
    api: ids((await listIncidents(scoped, { state: "active", ...page })).data),
    dashboard: ids((await getStatusDashboard(scoped)).activeIncidents),
    publicResolved: ids((await listPublicIncidents(scoped, { state: "resolved", ...page })).data),
    apiResolved: ids((await listIncidents(scoped, { state: "resolved", ...page })).data),
  };
}

describe("an incident is active until it is resolved, on every surface alike", () => {
  it("opening and resolving moves an incident between active and resolved on the status page, the public list, the API and the dashboard", async () => {
    const tenant = await seedTenant({ published: true });
    const actor = await actorOf(tenant, tenant.owner);
    const open = await createIncident(actor, { title: "Slow", message: "Looking.", components: [] });
    const fixed = await createIncident(actor, { title: "Down", message: "Looking.", components: [] });
    await updateIncident(actor, fixed.id, { status: "resolved", message: "Fixed." });

    const seen = await activeEverywhere(tenant.workspace.id);
    expect(seen).toEqual({ publicStatus: [open.id], publicList: [open.id], api: [open.id], dashboard: [open.id], publicResolved: [fixed.id], apiResolved: [fixed.id] });
  });

  it("resolvedAt decides: a row marked resolved without a resolution time (written outside the app) counts as active everywhere", async () => {
    // The public readers used to also require status ≠ resolved, so such a row was active for the
    // API and the dashboard but gone from the public page. Now every reader gives one answer.
    const tenant = await seedTenant({ published: true });
    const actor = await actorOf(tenant, tenant.owner);
    const odd = await createIncident(actor, { title: "Half closed", message: "Looking.", components: [] });
    await db.incident.update({ where: { id: odd.id }, data: { status: "resolved" } });

    const seen = await activeEverywhere(tenant.workspace.id);
    expect(seen).toEqual({ publicStatus: [odd.id], publicList: [odd.id], api: [odd.id], dashboard: [odd.id], publicResolved: [], apiResolved: [] });
  });
});
