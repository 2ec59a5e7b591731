import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { createComponent } from "@/lib/domain/status/create-component";
import { deleteComponent } from "@/lib/domain/status/delete-component";
import { getNotificationLog } from "@/lib/domain/subscriptions/notification-log";
import { exportSubscribersCsv, listSubscribers, removeSubscriber, SUBSCRIBERS_PAGE_SIZE } from "@/lib/domain/subscriptions/list-subscribers";
import { hashToken, manageTokenFor } from "@/lib/domain/subscriptions/tokens";
import { actorOf, expectApiError } from "../support/actors";
import { seedTenant, uniqueSuffix } from "../support/api";

// What the dashboard shows of subscribers: who may see the addresses, search, pages, removal and the
// CSV export, each through the domain function the page and the export route call.

async function setup() {
  const tenant = await seedTenant({ published: true });
  const owner = await actorOf(tenant, tenant.owner);
  const admin = await actorOf(tenant, await tenant.member("ADMIN"));
  const member = await actorOf(tenant, await tenant.member("MEMBER"));
  const viewer = await actorOf(tenant, await tenant.member("VIEWER"));
  const api = await createComponent(owner, { name: "API", description: "" });
  const web = await createComponent(owner, { name: "Web, app", description: "" });
  const add = async (email: string, topic: "STATUS" | "CHANGELOG", componentIds: string[] = [], confirmed = true) => {
    const id = `sub${uniqueSuffix()}`;
    await db.subscriber.create({ data: { id, workspaceId: tenant.workspace.id, topic, email, componentIds, confirmedAt: confirmed ? new Date() : null, manageTokenHash: hashToken(manageTokenFor(id)) } });
    return id;
  };
  return { tenant, owner, admin, member, viewer, api, web, add };
}

describe("subscriber lists", () => {
  it("admins and owners see the confirmed subscribers with their components; members and viewers are refused", async () => {
    const s = await setup();
    await s.add("alice@example.test", "STATUS");
    await s.add("bob@example.test", "STATUS", [s.api.id]);
    await s.add("pending@example.test", "STATUS", [], false);
    await s.add("carol@example.test", "CHANGELOG");

    const list = await listSubscribers(s.admin, { topic: "STATUS" });
    expect(list.total).toBe(2);
    expect(list.items.map((item) => [item.email, item.components])).toEqual(
      expect.arrayContaining([
        ["alice@example.test", null],
        ["bob@example.test", ["API"]],
      ]),
    );
    expect((await listSubscribers(s.owner, { topic: "CHANGELOG" })).items.map((item) => item.email)).toEqual(["carol@example.test"]);
    for (const actor of [s.member, s.viewer]) {
      await expectApiError(listSubscribers(actor, { topic: "STATUS" }), "FORBIDDEN");
      await expectApiError(exportSubscribersCsv(actor, "STATUS"), "FORBIDDEN");
    }
  });

  it("searches addresses (case-insensitive), pages, and refuses a search with control characters", async () => {
    const s = await setup();
    for (let i = 0; i < SUBSCRIBERS_PAGE_SIZE + 5; i += 1) await s.add(`reader${i}@example.test`, "CHANGELOG");
    await s.add("boss@corp.example", "CHANGELOG");
    const found = await listSubscribers(s.admin, { topic: "CHANGELOG", q: "CORP" });
    expect(found.items.map((item) => item.email)).toEqual(["boss@corp.example"]);
    expect(found.total).toBe(SUBSCRIBERS_PAGE_SIZE + 6);
    expect(found.matching).toBe(1);
    const second = await listSubscribers(s.admin, { topic: "CHANGELOG", page: 2 });
    expect(second.pages).toBe(2);
    expect(second.items).toHaveLength(6);
    await expectApiError(listSubscribers(s.admin, { topic: "CHANGELOG", q: "a\u0000b" }), "VALIDATION_ERROR");
  });

  it("removes a subscriber (once; the second time says it is gone); a member cannot", async () => {
    const s = await setup();
    const id = await s.add("gone@example.test", "STATUS");
    await expectApiError(removeSubscriber(s.member, "STATUS", id), "FORBIDDEN");
    await removeSubscriber(s.admin, "STATUS", id);
    expect(await db.subscriber.count({ where: { id } })).toBe(0);
    await expectApiError(removeSubscriber(s.admin, "STATUS", id), "NOT_FOUND");
    // Another workspace's admin cannot reach it either.
    const other = await setup();
    const theirs = await other.add("theirs@example.test", "STATUS");
    await expectApiError(removeSubscriber(s.admin, "STATUS", theirs), "NOT_FOUND");
  });

  it("exports CSV: quoted where needed, formulas defused, deleted components left out", async () => {
    const s = await setup();
    await s.add("=cmd@example.test", "STATUS", [s.web.id, s.api.id]);
    await s.add("all@example.test", "STATUS");
    await deleteComponent(s.owner, s.api.id);
    const csv = await exportSubscribersCsv(s.admin, "STATUS");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,subscribed_at,components");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^'=cmd@example\.test,\d{4}-\d\d-\d\dT[^,]+,"Web, app"$/);
    expect(lines[2]).toMatch(/^all@example\.test,[^,]+,all$/);
  });

  it("the notification log counts each outcome for the incident, and only for managers", async () => {
    const s = await setup();
    const event = await db.event.create({ data: { workspaceId: s.tenant.workspace.id, type: "incident.created", data: {} } });
    const base = { workspaceId: s.tenant.workspace.id, kind: "STATUS_UPDATE" as const, subjectType: "incident", subjectId: "inc1", eventId: event.id };
    await db.notificationDelivery.createMany({
      data: [
        { ...base, recipient: "a@example.test", status: "SENT" },
        { ...base, recipient: "b@example.test", status: "FAILED", reason: "the mail server did not accept the message" },
        { ...base, recipient: "c@example.test", status: "SUPPRESSED", reason: "the workspace turned these notifications off" },
      ],
    });
    const log = await getNotificationLog(s.admin, { type: "incident", id: "inc1" });
    expect(log.counts).toEqual({ QUEUED: 0, SENT: 1, FAILED: 1, SUPPRESSED: 1 });
    expect(log.rows).toHaveLength(3);
    await expectApiError(getNotificationLog(s.member, { type: "incident", id: "inc1" }), "FORBIDDEN");
  });
});
