import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { FORGET_UNCONFIRMED_JOB, forgetUnconfirmed } from "@/lib/domain/subscriptions/forget-unconfirmed";
import { CONFIRM_WINDOW_MS } from "@/lib/domain/subscriptions/rules";
import { subscribe } from "@/lib/domain/subscriptions/subscribe";
import { seedTenant, uniqueSuffix } from "../support/api";

// An address anyone may post is kept only while its confirmation link lives: each subscription
// queues, with its confirmation mail, the job that deletes it once the link has died unused.

let ipCount = 0;
const ip = () => `203.0.113.${(ipCount += 1)}`;

async function portal() {
  const tenant = await seedTenant({ published: true });
  return db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id }, select: { id: true, slug: true, name: true } });
}

async function forgetJobOf(subscriberId: string) {
  const rows = await db.$queryRawUnsafe<{ start_after: Date }[]>(`SELECT start_after FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'subscriberId' = $2`, FORGET_UNCONFIRMED_JOB, subscriberId);
  return rows;
}

describe("unconfirmed subscriptions are forgotten when their link dies", () => {
  it("queues the forgetting job with the subscription, due just after the window; run then, it deletes the row", async () => {
    const workspace = await portal();
    const email = `stranger-${uniqueSuffix()}@example.test`;
    const sentAt = new Date(Date.now() - CONFIRM_WINDOW_MS - 5 * 60_000);
    await subscribe({ workspace, topic: "STATUS", email, ip: ip() }, sentAt);
    const row = await db.subscriber.findFirstOrThrow({ where: { workspaceId: workspace.id, email } });
    const jobs = await forgetJobOf(row.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.start_after.getTime() - sentAt.getTime()).toBe(CONFIRM_WINDOW_MS + 60_000);

    expect(await forgetUnconfirmed({ subscriberId: row.id })).toBe(true);
    expect(await db.subscriber.count({ where: { id: row.id } })).toBe(0);
    // Run again (a retried job): nothing left to do, no error.
    expect(await forgetUnconfirmed({ subscriberId: row.id })).toBe(false);
  });

  it("keeps a confirmed subscription, and one whose link still lives", async () => {
    const workspace = await portal();
    const live = `waiting-${uniqueSuffix()}@example.test`;
    await subscribe({ workspace, topic: "STATUS", email: live, ip: ip() });
    const waiting = await db.subscriber.findFirstOrThrow({ where: { workspaceId: workspace.id, email: live } });
    expect(await forgetUnconfirmed({ subscriberId: waiting.id })).toBe(false);

    const kept = `kept-${uniqueSuffix()}@example.test`;
    const sentAt = new Date(Date.now() - CONFIRM_WINDOW_MS + 60 * 60_000);
    await subscribe({ workspace, topic: "CHANGELOG", email: kept, ip: ip() }, sentAt);
    const row = await db.subscriber.findFirstOrThrow({ where: { workspaceId: workspace.id, email: kept } });
    // Confirmed as its link would (the raw token is only in the mail).
    await db.subscriber.update({ where: { id: row.id }, data: { confirmedAt: new Date(), confirmTokenHash: null } });
    expect(await forgetUnconfirmed({ subscriberId: row.id }, new Date(Date.now() + CONFIRM_WINDOW_MS))).toBe(false);
    expect(await db.subscriber.count({ where: { id: { in: [waiting.id, row.id] } } })).toBe(2);
  });
});
