import type http from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/db/client";
import { JOB_SCHEMA } from "@/lib/jobs/sql";
import { startJobWorker, type JobWorker } from "@/lib/jobs/worker";
import { webhookConsumer } from "@/lib/webhooks/consumer";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { DELIVER_WEBHOOK_JOB } from "@/lib/webhooks/queue-delivery";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";
import { startCuttableDatabase, type CuttableDatabase } from "../support/cuttable-database";
import { startReceiver, type Received } from "./receiver";
import { startWorkerChild, type WorkerChild } from "./worker-child";

// Deliveries through the real queue when things go wrong around them: the worker's process is
// killed, two workers share the database, the database goes away, the endpoint is deleted — each
// while a receiver holds the request open. A delivery is retried rather than lost, each attempt
// reaches the receiver once, and none is recorded as delivered twice. Killing a process and cutting
// a server's connections need PostgreSQL (an in-memory PGlite lives inside the test process); the
// rest runs on both.

const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  // A job whose worker vanished comes back after 5 s (the shortest the queue allows), its retry a
  // second later, so the tests wait seconds rather than the production five minutes.
  process.env.JOBS_EXPIRE_SECONDS = "5";
  process.env.JOBS_RETRY_DELAY_SECONDS = "1";
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(answer);
  cleanups.push(() => started.close());
  return started;
}

async function worker(): Promise<JobWorker> {
  const started = await startJobWorker({ pollIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
  cleanups.push(() => started.stop({ graceful: false }));
  return started;
}

async function child(env: Record<string, string> = {}): Promise<WorkerChild> {
  const started = await startWorkerChild(env);
  cleanups.push(() => started.kill());
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
  await webhookConsumer.handle({ id: `evt_outage_${eventCount}_${Date.now()}`, workspaceId, type: "post.created", createdAt: new Date().toISOString(), data: { id: `p${eventCount}`, title: "Dark mode" } });
}

/** The states of the jobs of one delivery's attempts. */
async function deliveryJobs(deliveryId: string) {
  const rows = await db.$queryRawUnsafe<{ state: string }[]>(
    `SELECT state::text AS state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'deliveryId' = $2 ORDER BY created_on`,
    DELIVER_WEBHOOK_JOB,
    deliveryId,
  );
  return rows.map((row) => row.state);
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
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 0 });

    await worker();
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
    cleanups.push(() => relay.close());
    const hold = await holdingReceiver();
    const { tenant, endpoint } = await endpointFor(hold.hook.url);
    const survivor = await child({ DATABASE_URL: relay.url, DATABASE_CONNECT_TIMEOUT_MS: "1000" });
    await recordPostCreated(tenant.workspace.id);
    await hold.holding();

    await relay.cut();
    hold.release(); // the receiver says 200; the worker cannot write it down
    // Several seconds without a database: every poll, the attempt's record and the job's outcome fail.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(survivor.exited(), survivor.output()).toBeNull();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery, survivor.output()).toMatchObject({ status: "PENDING", attempts: 0 });

    await relay.restore();
    await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status, { timeout: 45_000, interval: 200 }).toBe("DELIVERED");
    expect(survivor.exited(), survivor.output()).toBeNull();
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ attempts: 1, lastStatusCode: 200 });
    expect(byWebhookId(hold.hook.received)).toEqual(new Map([[delivery.id, 2]]));
    // Nothing waits or runs any more: the job finished, and no later attempt was scheduled.
    await expect.poll(() => deliveryJobs(delivery.id), { timeout: 10_000 }).toEqual(["completed"]);
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
    expect(deliveries.every((delivery) => delivery.attempts === 2)).toBe(true);
  }, 120_000);

  it("an endpoint deleted (another tab) while its delivery runs: the attempt ends quietly, its job completes, and the worker goes on delivering", async () => {
    const hold = await holdingReceiver();
    const { tenant, actor, endpoint } = await endpointFor(hold.hook.url);
    const running = await worker();
    await recordPostCreated(tenant.workspace.id);
    await hold.holding();
    const deliveryId = String(hold.hook.received[0]!.headers["webhook-id"]);

    await deleteWebhook(actor, endpoint.id);
    hold.release();
    await expect.poll(() => deliveryJobs(deliveryId), { timeout: 10_000 }).toEqual(["completed"]);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);

    const other = await receiver();
    await createWebhook(actor, { url: other.url });
    await recordPostCreated(tenant.workspace.id);
    await other.waitFor(1);
    expect(running.boss).toBeTruthy();
  }, 60_000);
});
