import { afterEach, describe, expect, it } from "vitest";
import { refreshCachesConsumer } from "@/lib/platform/cache/refresh-on-event";
import { db } from "@/lib/platform/db/client";
import type { EventType } from "@/lib/platform/events/catalogue";
import { EVENT_CONSUMERS } from "@/lib/surfaces/worker/consumers";
import { consumeEvent } from "@/lib/platform/events/dispatch";
import { recordEvent, type StoredEvent } from "@/lib/platform/events/record-event";
import { ROUTED_CONSUMERS } from "@/lib/platform/events/routing";
import type { EventConsumer } from "@/lib/platform/events/types";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { startJobWorker, type JobWorker } from "@/lib/platform/jobs/worker";
import { cacheKey, getCached, putCached } from "@/lib/platform/cache/response-cache";
import { seedTenant } from "../support/api";

const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceful: false })));
});

async function until(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("consumers", () => {
  it("each consumer routed an event gets it as its own job; one failing is retried without holding back another", async () => {
    const seen: StoredEvent[] = [];
    let flakyAttempts = 0;
    const flakySeen: string[] = [];
    // Stand-ins under the names of the two consumers a team reply is routed to.
    const consumers: EventConsumer[] = [
      { name: "cache.refresh", handle: async (event) => void seen.push(event) },
      {
        name: "notifications.post",
        handle: async (event) => {
          flakyAttempts += 1;
          if (flakyAttempts === 1) throw new Error("down for a moment");
          flakySeen.push(event.id);
        },
      },
    ];
    const worker = await startJobWorker({
      pollIntervalSeconds: 0.5,
      handlers: { "events.consume": (data: { eventId: string; consumer: string }) => consumeEvent(data, consumers) },
    });
    workers.push(worker);
    process.env.JOBS_RETRY_DELAY_SECONDS = "1";
    const { workspace } = await seedTenant();
    const recorded = await db.$transaction((tx) => recordEvent(tx, { workspaceId: workspace.id, type: "comment.created", data: { id: "c1", body: "Shipped" } }));

    await until(() => seen.length === 1);
    expect(seen[0]).toEqual({ id: recorded.id, workspaceId: workspace.id, type: "comment.created", createdAt: recorded.createdAt, data: { id: "c1", body: "Shipped" } });
    await until(() => flakySeen.length === 1);
    expect(flakyAttempts).toBe(2);
    expect(seen).toHaveLength(1);
  });

  it("an event queues jobs only for the consumers that act on its type, and every routed name is a consumer", async () => {
    const { workspace } = await seedTenant();
    const consumersFor = async (type: EventType) => {
      const recorded = await db.$transaction((tx) => recordEvent(tx, { workspaceId: workspace.id, type, data: { id: "x" } }));
      const rows = await db.$queryRawUnsafe<{ consumer: string }[]>(
        `SELECT data->>'consumer' AS consumer FROM ${JOB_SCHEMA}.job WHERE name = 'events.consume' AND data->>'eventId' = $1 ORDER BY 1`,
        recorded.id,
      );
      return rows.map((row) => row.consumer);
    };
    expect(await consumersFor("todo.created")).toEqual(["cache.refresh"]);
    expect(await consumersFor("post.status_changed")).toEqual(["cache.refresh", "notifications.post"]);
    expect(await consumersFor("incident.created")).toEqual(["cache.refresh", "subscriber-notifications"]);
    expect(await consumersFor("release_note.published")).toEqual(["cache.refresh", "subscriber-notifications"]);
    const names = EVENT_CONSUMERS.map((consumer) => consumer.name);
    for (const name of ROUTED_CONSUMERS) expect(names).toContain(name);
  });

  it("the cache refresh consumer drops the workspace's cached public answers", async () => {
    const { workspace } = await seedTenant();
    const key = cacheKey(workspace.slug, "test.route", {});
    putCached(key, { status: 200, body: "{}", contentType: "application/json", etag: '"x"', headers: {}, expiresAt: Date.now() + 60_000, validUntil: null });
    expect(getCached(key)).toBeTruthy();
    await refreshCachesConsumer.handle({ id: "e", workspaceId: workspace.id, type: "post.created", createdAt: new Date().toISOString(), data: {} });
    expect(getCached(key)).toBeUndefined();
  });
});
