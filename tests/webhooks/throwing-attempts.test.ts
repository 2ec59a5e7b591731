import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { attemptDelivery, RETRY_DELAYS_MS } from "@/lib/domain/webhooks/attempt-delivery";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { startDeliveryPump } from "@/lib/domain/webhooks/delivery-pump";
import { fanOutEvent } from "@/lib/domain/webhooks/fan-out";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";
import { afterTest, receiver } from "./cleanups";

// Attempts that throw instead of ending with an outcome. One used to keep its lease and be made
// again each time the lease ran out, without end: a stored payload the body cannot be rendered
// from, or a receiver's answer the database will not store (a NUL byte). Each such attempt now
// counts, with the usual backoff, and the schedule ends it. The database itself going away is
// tests/webhooks/outage.test.ts: there nothing can be written, and the lease still holds.

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
});

let eventCount = 0;
async function oneDelivery(url: string) {
  const tenant = await seedTenant({ plan: "PRO" });
  const endpoint = await createWebhook(await actorOf(tenant, tenant.owner), { url });
  eventCount += 1;
  const [deliveryId] = await fanOutEvent({ id: `evt_throw_${eventCount}_${Date.now()}`, workspaceId: tenant.workspace.id, type: "post.created", createdAt: new Date(), data: { id: "p1", title: "Dark mode" } });
  return { deliveryId: deliveryId!, endpointId: endpoint.id };
}

/** A delivery whose stored event has a timestamp no date can be made of: rendering its body throws. */
async function breakPayload(deliveryId: string) {
  const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
  await db.webhookDelivery.update({ where: { id: deliveryId }, data: { payload: { ...(row.payload as Prisma.JsonObject), timestamp: "not a date" } } });
}

/** Runs every attempt the schedule allows, as the pump would (each under a lease), on a moving clock. */
async function attemptUntilDone(deliveryId: string) {
  let clock = Date.now();
  const now = () => new Date(clock);
  const results: string[] = [];
  const gaps: number[] = [];
  for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { leaseUntil: new Date(Date.now() + 60_000) } });
    results.push(await attemptDelivery(deliveryId, { now }));
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(row.leaseUntil).toBeNull();
    if (row.nextAttemptAt) {
      gaps.push(row.nextAttemptAt.getTime() - clock);
      clock = row.nextAttemptAt.getTime();
    }
  }
  // Once it has ended nothing more is attempted.
  results.push(await attemptDelivery(deliveryId, { now }));
  return { results, gaps };
}

const CANNOT_RENDER = "The request could not be built: Invalid time value";

describe("an attempt that throws counts, and the schedule ends it", () => {
  it("a stored payload the body cannot be rendered from: a failed attempt each time, with the usual backoff, nothing sent, then FAILED saying why", async () => {
    const hook = await receiver();
    const { deliveryId, endpointId } = await oneDelivery(hook.url);
    await breakPayload(deliveryId);

    const { results, gaps } = await attemptUntilDone(deliveryId);
    expect(results).toEqual([...Array(RETRY_DELAYS_MS.length - 1).fill("retrying"), "failed", "skipped"]);
    expect(gaps).toEqual(RETRY_DELAYS_MS.slice(1));
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
      status: "FAILED",
      attempts: RETRY_DELAYS_MS.length,
      nextAttemptAt: null,
      leaseUntil: null,
      lastStatusCode: null,
      error: CANNOT_RENDER,
    });
    expect(hook.received).toHaveLength(0);
    // The receiver was never asked: its endpoint is not counted as failing.
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).toMatchObject({ enabled: true, failingSince: null });
  });

  it("through the pump: the throwing attempt gives its lease up and its next attempt is due after the usual 5 s", async () => {
    const hook = await receiver();
    const { deliveryId } = await oneDelivery(hook.url);
    await breakPayload(deliveryId);
    const pump = startDeliveryPump({ pollMs: 100 });
    afterTest(() => pump.stop(0));
    const before = Date.now();
    await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).attempts, { timeout: 10_000, interval: 100 }).toBe(1);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(row).toMatchObject({ status: "PENDING", leaseUntil: null, error: CANNOT_RENDER });
    expect(row.nextAttemptAt!.getTime() - before).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[1] - 1_000);
    expect(row.nextAttemptAt!.getTime() - Date.now()).toBeLessThanOrEqual(RETRY_DELAYS_MS[1]);
    expect(hook.received).toHaveLength(0);
  });

  it("a 2xx answer the database will not store (a NUL byte): recorded delivered without the excerpt, through the pump, sent once", async () => {
    const hook = await receiver((_request, response) => response.end("ok\u0000"));
    const { deliveryId } = await oneDelivery(hook.url);
    const pump = startDeliveryPump({ pollMs: 100 });
    afterTest(() => pump.stop(0));
    await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status, { timeout: 10_000, interval: 100 }).toBe("DELIVERED");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
      attempts: 1,
      lastStatusCode: 200,
      responseExcerpt: null,
      error: null,
      nextAttemptAt: null,
      leaseUntil: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(hook.received).toHaveLength(1);
  });

  it("a failing answer the database will not store: each attempt counts with the usual backoff, and it ends FAILED saying what happened", async () => {
    const hook = await receiver((_request, response) => {
      response.statusCode = 500;
      response.end("boom\u0000");
    });
    const { deliveryId } = await oneDelivery(hook.url);
    const { results, gaps } = await attemptUntilDone(deliveryId);
    expect(results).toEqual([...Array(RETRY_DELAYS_MS.length - 1).fill("retrying"), "failed", "skipped"]);
    expect(gaps).toEqual(RETRY_DELAYS_MS.slice(1));
    expect(hook.received).toHaveLength(RETRY_DELAYS_MS.length);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(row).toMatchObject({ status: "FAILED", attempts: RETRY_DELAYS_MS.length, lastStatusCode: 500, responseExcerpt: null, nextAttemptAt: null, leaseUntil: null });
    expect(row.error).toMatch(/^Answered 500\. The outcome could not be written in full: \S.*/);
    expect(row.error!.length).toBeLessThan(400);
    expect(row.error).not.toContain("\u0000");
  });
});
