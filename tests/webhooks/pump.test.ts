import { beforeAll, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { MIN_EXPIRE_SECONDS } from "@/lib/platform/jobs/config";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { claimDueDeliveries, startDeliveryPump, type DeliveryPump } from "@/lib/domain/webhooks/delivery-pump";
import { fanOutEvent } from "@/lib/domain/webhooks/fan-out";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";
import { afterTest, receiver } from "./cleanups";
import { runOutLease } from "./lease-clock";
import type { Received } from "./receiver";

// The delivery pump claims due deliveries from their own rows, each under a lease. Two pumps on one
// database share the work without attempting a delivery twice; a lease left by a worker that died
// holds its delivery until it runs out, and then another pump attempts it (the lease's end is moved
// rather than waited out: lease-clock.ts). Runs on PostgreSQL and on PGlite.

// The shortest lease allowed: one must outlast an attempt (lib/platform/jobs/config.ts).
const LEASE_SECONDS = MIN_EXPIRE_SECONDS;

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.JOBS_EXPIRE_SECONDS = String(LEASE_SECONDS);
});

function pump(): DeliveryPump {
  const started = startDeliveryPump({ pollMs: 100 });
  afterTest(() => started.stop(0));
  return started;
}

let eventCount = 0;
async function deliveriesTo(workspaceId: string, events: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < events; n++) {
    eventCount += 1;
    ids.push(...(await fanOutEvent({ id: `evt_pump_${eventCount}_${Date.now()}`, workspaceId, type: "post.created", createdAt: new Date(), data: { id: `p${n}` } })));
  }
  return ids;
}

function countsById(received: Received[]) {
  const counts = new Map<string, number>();
  for (const request of received) {
    const id = String(request.headers["webhook-id"]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

it("two pumps on one database: every due delivery is attempted exactly once, and none is left held", async () => {
  const hook = await receiver();
  const tenant = await seedTenant({ plan: "PRO" });
  const actor = await actorOf(tenant, tenant.owner);
  for (let n = 0; n < 4; n++) await createWebhook(actor, { url: `${hook.url}?endpoint=${n}` });
  const ids = await deliveriesTo(tenant.workspace.id, 15);
  expect(ids).toHaveLength(60);

  pump();
  pump();
  await expect.poll(() => db.webhookDelivery.count({ where: { workspaceId: tenant.workspace.id, status: "DELIVERED" } }), { timeout: 30_000, interval: 200 }).toBe(ids.length);
  const counts = countsById(hook.received);
  expect(counts.size).toBe(ids.length);
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
  const rows = await db.webhookDelivery.findMany({ where: { workspaceId: tenant.workspace.id } });
  expect(rows.every((row) => row.attempts === 1 && row.leaseUntil === null && row.nextAttemptAt === null)).toBe(true);
}, 60_000);

it("a claim takes a due delivery once, for the jobs' expiry; a lease left by a dead worker is attempted again only once it has run out", async () => {
  const hook = await receiver();
  const tenant = await seedTenant({ plan: "PRO" });
  const actor = await actorOf(tenant, tenant.owner);
  await createWebhook(actor, { url: hook.url });
  const [id] = await deliveriesTo(tenant.workspace.id, 1);

  // A worker claims it, then dies without a word: its lease stays on the row.
  const before = Date.now();
  const [claim] = (await claimDueDeliveries(10)).filter((row) => row.id === id);
  expect(claim).toBeDefined();
  const leaseUntil = new Date(claim!.leaseUntil).getTime();
  expect(leaseUntil - before).toBeGreaterThan((LEASE_SECONDS - 1) * 1000);
  expect(leaseUntil - before).toBeLessThan((LEASE_SECONDS + 2) * 1000);
  expect((await claimDueDeliveries(10)).map((row) => row.id)).not.toContain(id);

  // A pump polling every 100 ms leaves it alone while the lease holds (some twenty polls)…
  pump();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(hook.received).toHaveLength(0);
  expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).status).toBe("PENDING");

  // …and attempts it at its next poll once the lease has run out (its end moved to now, rather
  // than half a minute waited).
  expect(await runOutLease(id!)).toBe(1);
  await hook.waitFor(1, 10_000);
  await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).status, { timeout: 5_000 }).toBe("DELIVERED");
  expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ attempts: 1, leaseUntil: null });
  expect(countsById(hook.received)).toEqual(new Map([[id, 1]]));
}, 60_000);

it("a pump stopped while an attempt hangs gives its lease back, so another pump need not wait for it to run out", async () => {
  let answered = 0;
  const hook = await receiver((_request, response) => {
    // The first request hangs (until the receiver closes); the one after is answered.
    if (hook.received.length > 1) {
      answered += 1;
      response.end("ok");
    }
  });
  const tenant = await seedTenant({ plan: "PRO" });
  const actor = await actorOf(tenant, tenant.owner);
  await createWebhook(actor, { url: hook.url });
  const [id] = await deliveriesTo(tenant.workspace.id, 1);

  const first = startDeliveryPump({ pollMs: 100 });
  await hook.waitFor(1, 10_000);
  expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).leaseUntil).not.toBeNull();
  await first.stop(200);
  expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "PENDING", leaseUntil: null });

  pump();
  // Well before the lease would have run out.
  await hook.waitFor(2, (LEASE_SECONDS - 2) * 1000);
  await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).status, { timeout: 5_000 }).toBe("DELIVERED");
  expect(answered).toBe(1);
}, 30_000);
