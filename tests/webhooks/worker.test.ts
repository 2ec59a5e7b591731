import { afterEach, beforeAll, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/platform/db/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import type { JobWorker } from "@/lib/platform/jobs/worker";
import { startAppWorker } from "@/lib/surfaces/worker/app-worker";
import { fanOutEvent } from "@/lib/domain/webhooks/fan-out";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { MAX_IN_FLIGHT_PER_ENDPOINT } from "@/lib/domain/webhooks/endpoint-gate";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";
import { startReceiver } from "./receiver";

// The deliveries through the real worker: its delivery pump claims each due delivery from its row
// and runs several attempts at once, so a receiver that hangs holds only its own.

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
});

let worker: JobWorker | undefined;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterEach(async () => {
  // Closing the receivers first ends the hanging attempt, so the worker stops with nothing running.
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await worker?.stop({ graceful: true, timeoutMs: 5_000 });
  worker = undefined;
});

it("a hanging endpoint does not delay another endpoint's deliveries; the consumer fans out and the worker delivers signed messages", async () => {
  const hanging = await startReceiver(() => {
    // holds every request open
  });
  const healthy = await startReceiver();
  receivers.push(hanging, healthy);
  const tenant = await seedTenant({ plan: "PRO" });
  const actor = await actorOf(tenant, tenant.owner);
  await createWebhook(actor, { url: hanging.url });
  const good = await createWebhook(actor, { url: healthy.url });
  worker = await startAppWorker({ pollIntervalSeconds: 0.5 });

  const started = Date.now();
  for (let n = 0; n < 3; n++) {
    await fanOutEvent({ id: `evt_${n}`, workspaceId: tenant.workspace.id, type: "post.created", createdAt: new Date(), data: { id: `p${n}`, title: `Post ${n}` } });
  }
  await hanging.waitFor(1);
  await healthy.waitFor(3);
  // Well inside the hanging attempt's 15 s deadline: nothing waited for it.
  expect(Date.now() - started).toBeLessThan(10_000);
  for (const request of healthy.received) {
    expect(() => new Webhook(good.secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
  }
  await expect.poll(() => db.webhookDelivery.count({ where: { endpointId: good.id, status: "DELIVERED" } }), { timeout: 5_000 }).toBe(3);
}, 30_000);

it("many events: a hanging endpoint holds at most its share of the worker's places; the healthy endpoint gets every delivery at once; the waiting ones are not counted as attempts", async () => {
  const hanging = await startReceiver(() => {
    // holds every request open
  });
  const healthy = await startReceiver();
  receivers.push(hanging, healthy);
  const tenant = await seedTenant({ plan: "PRO" });
  const actor = await actorOf(tenant, tenant.owner);
  const stuck = await createWebhook(actor, { url: hanging.url });
  await createWebhook(actor, { url: healthy.url });
  worker = await startAppWorker({ pollIntervalSeconds: 0.5 });

  const started = Date.now();
  const events = 60;
  for (let n = 0; n < events; n++) {
    await db.$transaction((tx) => recordEvent(tx, { workspaceId: tenant.workspace.id, type: "todo.created", data: { id: `t${n}` } }));
  }
  await healthy.waitFor(events);
  // Far more events than the worker has places, all arrived well inside the hanging attempts' 15 s.
  expect(Date.now() - started).toBeLessThan(12_000);
  expect(hanging.received.length).toBe(MAX_IN_FLIGHT_PER_ENDPOINT);
  const waiting = await db.webhookDelivery.findMany({ where: { endpointId: stuck.id, attempts: 0, status: "PENDING" }, select: { nextAttemptAt: true } });
  expect(waiting).toHaveLength(events);
  // Each delivery beyond the ones in flight is put off, not attempted.
  await expect
    .poll(async () => db.webhookDelivery.count({ where: { endpointId: stuck.id, attempts: 0, status: "PENDING", nextAttemptAt: { gt: new Date() } } }), { timeout: 5_000 })
    .toBeGreaterThanOrEqual(events - MAX_IN_FLIGHT_PER_ENDPOINT);
}, 40_000);

it("a test event sent from the settings reaches the endpoint through the worker", async () => {
  const healthy = await startReceiver();
  receivers.push(healthy);
  const tenant = await seedTenant();
  const actor = await actorOf(tenant, tenant.owner);
  const endpoint = await createWebhook(actor, { url: healthy.url, enabled: false });
  worker = await startAppWorker({ pollIntervalSeconds: 0.5 });
  const delivery = await sendTestEvent(actor, endpoint.id);
  const request = await healthy.waitFor(1);
  expect(new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({ type: "webhook.test" });
  await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status, { timeout: 5_000 }).toBe("DELIVERED");
}, 30_000);
