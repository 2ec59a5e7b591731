import type http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/platform/db/client";
import { MIN_EXPIRE_SECONDS } from "@/lib/platform/jobs/config";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import type { JobWorker } from "@/lib/platform/jobs/worker";
import { startAppWorker } from "@/lib/surfaces/worker/app-worker";
import { fanOutEvent } from "@/lib/domain/webhooks/fan-out";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { deleteWebhook } from "@/lib/domain/webhooks/delete-webhook";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";
import { startCuttableDatabase, type CuttableDatabase } from "../support/cuttable-database";
import { afterTest, receiver } from "./cleanups";
import { runOutLease } from "./lease-clock";
import type { Received } from "./receiver";
import { startWorkerChild, type WorkerChild } from "./worker-child";

// Deliveries through the real worker when things go wrong around them: the worker's process is
// killed, two workers share the database, the database goes away, the endpoint is deleted — each
// while a receiver holds the request open. A delivery is retried rather than lost, each attempt
// reaches the receiver once, and none is recorded as delivered twice. Killing a process and cutting
// a server's connections need PostgreSQL (an in-memory PGlite lives inside the test process); the
// rest runs on both.

const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  // A delivery (or job) whose worker vanished comes back after 30 s (its lease, like a job, runs out
  // after the jobs' expiry; the shortest allowed, since a lease must outlast an attempt). The tests
  // move a held lease's end to now rather than wait it out (lease-clock.ts).
  process.env.JOBS_EXPIRE_SECONDS = String(MIN_EXPIRE_SECONDS);
  process.env.JOBS_RETRY_DELAY_SECONDS = "1";
});

async function worker(): Promise<JobWorker> {
  const started = await startAppWorker({ pollIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
  afterTest(() => started.stop({ graceful: false }));
  return started;
}

async function child(env: Record<string, string> = {}): Promise<WorkerChild> {
  const started = await startWorkerChild(env);
  afterTest(() => started.kill());
  return started;
}

/** A receiver that holds the first request open until `release()` answers it with 200. */
async function holdingReceiver() {
  let held: http.ServerResponse | undefined;
  const hook = await receiver((_request, response) => {
    if (!held && hook.received.length === 1) held = response;
    else response.end("ok");
  });
  return {
    hook,
    async holding() {
      await hook.waitFor(1, 30_000);
    },
    release() {
      held?.end("ok");
    },
  };
}

async function endpointFor(url: string) {
  const tenant = await seedTenant({ plan: "PRO" });
  const actor = await actorOf(tenant, tenant.owner);
  const endpoint = await createWebhook(actor, { url });
  return { tenant, actor, endpoint };
}

let eventCount = 0;
async function recordPostCreated(workspaceId: string) {
  eventCount += 1;
  await fanOutEvent({ id: `evt_outage_${eventCount}_${Date.now()}`, workspaceId, type: "post.created", createdAt: new Date(), data: { id: `p${eventCount}`, title: "Dark mode" } });
}

/** What is left to do for a delivery: its state, when its next attempt is due, and whether a worker holds it. */
function deliveryState(deliveryId: string) {
  return db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, select: { status: true, attempts: true, nextAttemptAt: true, leaseUntil: true } });
}

/** Jobs of the old per-attempt kind: an attempt is claimed from its delivery's row, never queued. */
async function deliveryJobCount() {
  const rows = await db.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM ${JOB_SCHEMA}.job WHERE name = $1`, "webhooks.deliver");
  return rows[0]!.count;
}

function byWebhookId(received: Received[]) {
  const counts = new Map<string, number>();
  for (const request of received) {
    const id = String(request.headers["webhook-id"]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe.runIf(onPostgres)("a worker process that dies or loses its database", () => {
  it("a worker killed (SIGKILL) while the receiver holds the request: the delivery is retried by another worker and ends delivered", async () => {
    const hold = await holdingReceiver();
    const { tenant, endpoint } = await endpointFor(hold.hook.url);
    const doomed = await child();
    await recordPostCreated(tenant.workspace.id);
    await hold.holding();

    await doomed.kill("SIGKILL");
    expect(doomed.exited()).toBe("SIGKILL");
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    // Still held by the dead worker's lease, which only time gives back.
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 0 });
    expect(delivery.leaseUntil!.getTime()).toBeGreaterThan(Date.now());

    // Another worker leaves it alone while that lease holds (several of its half-second polls)…
    await worker();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(hold.hook.received).toHaveLength(1);
    expect(await deliveryState(delivery.id)).toMatchObject({ status: "PENDING", attempts: 0 });
    // …and attempts it once the lease has run out: its end moved to now, not half a minute waited.
    expect(await runOutLease(delivery.id)).toBe(1);
    await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status, { timeout: 30_000, interval: 200 }).toBe("DELIVERED");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ attempts: 1, lastStatusCode: 200 });
    // The same message twice (at least once), both signed, both with the delivery's id.
    expect(hold.hook.received).toHaveLength(2);
    for (const request of hold.hook.received) {
      expect(request.headers["webhook-id"]).toBe(delivery.id);
      expect(() => new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
  }, 90_000);

  it("the database going away mid-delivery: the worker process survives, the attempt is retried once the database is back, and it is recorded delivered once", async () => {
    const relay: CuttableDatabase = await startCuttableDatabase(process.env.DATABASE_URL!);
    afterTest(() => relay.close());
    const hold = await holdingReceiver();
    const { tenant, endpoint } = await endpointFor(hold.hook.url);
    const survivor = await child({ DATABASE_URL: relay.url, DATABASE_CONNECT_TIMEOUT_MS: "1000" });
    await recordPostCreated(tenant.workspace.id);
    await hold.holding();

    await relay.cut();
    hold.release(); // the receiver says 200; the worker cannot write it down
    // Several seconds without a database: every poll, and the attempt's record, fail.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(survivor.exited(), survivor.output()).toBeNull();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery, survivor.output()).toMatchObject({ status: "PENDING", attempts: 0 });

    // Back: the attempt the worker could not write down is still under its lease, and is made again
    // once that runs out (its end moved to now rather than waited for).
    await relay.restore();
    expect(await runOutLease(delivery.id)).toBe(1);
    await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status, { timeout: 45_000, interval: 200 }).toBe("DELIVERED");
    expect(survivor.exited(), survivor.output()).toBeNull();
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ attempts: 1, lastStatusCode: 200 });
    expect(byWebhookId(hold.hook.received)).toEqual(new Map([[delivery.id, 2]]));
    // Nothing waits or runs any more: no worker holds it, no later attempt is due, and no job was queued.
    expect(await deliveryState(delivery.id)).toEqual({ status: "DELIVERED", attempts: 1, nextAttemptAt: null, leaseUntil: null });
    expect(await deliveryJobCount()).toBe(0);
  }, 120_000);
});

describe("workers sharing one database", () => {
  it("two workers: every delivery is attempted exactly once per attempt (a first answer of 500, then the retry)", async () => {
    const hook = await receiver((request, response) => {
      const seen = hook.received.filter((other) => other.headers["webhook-id"] === request.headers["webhook-id"]).length;
      response.statusCode = seen === 1 ? 500 : 200;
      response.end();
    });
    const { tenant, actor } = await endpointFor(hook.url);
    await createWebhook(actor, { url: `${hook.url}?second` });
    await Promise.all([worker(), worker()]);
    const events = 15;
    for (let n = 0; n < events; n++) await recordPostCreated(tenant.workspace.id);

    await expect.poll(() => db.webhookDelivery.count({ where: { workspaceId: tenant.workspace.id, status: "DELIVERED" } }), { timeout: 60_000, interval: 250 }).toBe(events * 2);
    const counts = byWebhookId(hook.received);
    expect(counts.size).toBe(events * 2);
    expect([...counts.values()].every((count) => count === 2)).toBe(true);
    const deliveries = await db.webhookDelivery.findMany({ where: { workspaceId: tenant.workspace.id } });
    expect(deliveries.every((delivery) => delivery.attempts === 2 && delivery.leaseUntil === null && delivery.nextAttemptAt === null)).toBe(true);
    expect(await deliveryJobCount()).toBe(0);
  }, 120_000);

  it("an endpoint deleted (another tab) while its delivery runs: the attempt ends quietly, nothing is attempted again, and the worker goes on delivering", async () => {
    const hold = await holdingReceiver();
    const { tenant, actor, endpoint } = await endpointFor(hold.hook.url);
    const running = await worker();
    await recordPostCreated(tenant.workspace.id);
    await hold.holding();
    const deliveryId = String(hold.hook.received[0]!.headers["webhook-id"]);

    await deleteWebhook(actor, endpoint.id);
    hold.release();
    expect(await db.webhookDelivery.count({ where: { id: deliveryId } })).toBe(0);

    const other = await receiver();
    await createWebhook(actor, { url: other.url });
    await recordPostCreated(tenant.workspace.id);
    await other.waitFor(1);
    expect(running.boss).toBeTruthy();
    // The deleted endpoint's delivery was not attempted again, and nothing failed it.
    expect(hold.hook.received).toHaveLength(1);
  }, 60_000);
});
