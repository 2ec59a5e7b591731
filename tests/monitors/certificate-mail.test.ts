import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import { storedEvent } from "@/lib/platform/events/record-event";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import type { MailMessage } from "@/lib/platform/mail/types";
import { recordCertificateWarning } from "@/lib/domain/monitors/certificate-warning";
import { mailCertificateWarning } from "@/lib/domain/monitors/certificate-mail";
import { EVENT_CONSUMERS } from "@/lib/surfaces/worker/handlers";
import { workspaceWithComponent } from "./helpers";

// Admins are told by mail, 14 and 3 days ahead, that a monitored site's certificate runs out: the
// warning the check records (certificate-warning.ts) reaches each admin and owner once.

async function warnedWorkspace(daysLeft: number) {
  const { tenant, component } = await workspaceWithComponent();
  const admin = await tenant.member("ADMIN");
  const member = await tenant.member("MEMBER");
  // Written directly: the address need not resolve for a warning about it (creating checks it).
  const monitor = await db.monitor.create({
    data: { workspaceId: tenant.workspace.id, componentId: component.id, name: "Shop", kind: "http", url: "https://shop.example.test/", intervalSeconds: 300, nextCheckAt: new Date() },
  });
  const row = monitor;
  const expiresAt = new Date(Date.now() + daysLeft * 86_400_000 + 3_600_000);
  await scopedDb(tenant.workspace.id).$transaction((tx) => recordCertificateWarning(tx, row, daysLeft, expiresAt));
  const event = storedEvent(await db.event.findFirstOrThrow({ where: { workspaceId: tenant.workspace.id, type: "certificate.expiring" } }));
  return { tenant, admin, member, monitor, event };
}

async function queuedMail(eventId: string) {
  const ids = (await db.notificationDelivery.findMany({ where: { eventId }, select: { id: true } })).map((row) => row.id);
  return db.$queryRawUnsafe<{ data: { message: MailMessage } }[]>(
    `SELECT data FROM ${JOB_SCHEMA}.job WHERE name = 'mail.send' AND data->>'notificationId' = ANY($1::text[])`,
    ids,
  );
}

describe("certificate expiry mail", () => {
  it("each admin and owner gets one mail naming the monitor, the site and the days left; members none; a replayed event mails no one twice", async () => {
    const { tenant, admin, member, monitor, event } = await warnedWorkspace(3);
    expect(await mailCertificateWarning(event)).toBe(2);
    expect(await mailCertificateWarning(event)).toBe(0);

    const rows = await db.notificationDelivery.findMany({ where: { eventId: event.id }, orderBy: { recipient: "asc" } });
    expect(rows.map((row) => [row.recipient, row.kind, row.status, row.subjectType, row.subjectId]).sort()).toEqual(
      [tenant.owner.email, admin.email].map((email) => [email.toLowerCase(), "MONITOR", "QUEUED", "monitor", monitor.id]).sort(),
    );
    expect(rows.map((row) => row.recipient)).not.toContain(member.email.toLowerCase());
    const mails = await queuedMail(event.id);
    expect(mails).toHaveLength(2);
    const { message } = mails[0]!.data;
    expect(message.subject).toBe("The certificate of Shop expires in 3 days");
    expect(message.text).toContain("https://shop.example.test/");
    expect(message.text).toContain(`/w/${tenant.workspace.slug}/status/monitors/${monitor.id}`);
  });

  it("a monitor deleted after the warning mails no one; the consumer takes certificate.expiring from the worker's table", async () => {
    const { monitor, event } = await warnedWorkspace(14);
    await db.monitor.delete({ where: { id: monitor.id } });
    expect(await mailCertificateWarning(event)).toBe(0);
    expect(EVENT_CONSUMERS.filter((consumer) => consumer.types.includes("certificate.expiring")).map((consumer) => consumer.name)).toEqual(["monitors.certificate-mail"]);
  });
});
