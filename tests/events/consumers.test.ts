import { afterEach, describe, expect, it } from "vitest";
import { refreshCachesConsumer } from "@/lib/cache/refresh-on-event";
import { db } from "@/lib/db/client";
import { consumeEvent, dispatchEvent } from "@/lib/events/dispatch";
import { recordEvent, type StoredEvent } from "@/lib/events/record-event";
import type { EventConsumer } from "@/lib/events/types";
import { startJobWorker, type JobWorker } from "@/lib/jobs/worker";
import { cacheKey, getCached, putCached } from "@/lib/public/response-cache";
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
  it("each consumer gets every event as its own job; one failing is retried without holding back another", async () => {
    const seen: StoredEvent[] = [];
    let flakyAttempts = 0;
    const flakySeen: string[] = [];
    const consumers: EventConsumer[] = [
      { name: "test.steady", handle: async (event) => void seen.push(event) },
      {
        name: "test.flaky",
        handle: async (event) => {
          flakyAttempts += 1;
          if (flakyAttempts === 1) throw new Error("down for a moment");
          flakySeen.push(event.id);
        },
      },
    ];
    const worker = await startJobWorker({
      pollIntervalSeconds: 0.5,
      handlers: {
        "events.dispatch": (data: { eventId: string }) => dispatchEvent(data, consumers),
        "events.consume": (data: { eventId: string; consumer: string }) => consumeEvent(data, consumers),
      },
    });
    workers.push(worker);
    process.env.JOBS_RETRY_DELAY_SECONDS = "1";
    const { workspace } = await seedTenant();
    const recorded = await db.$transaction((tx) => recordEvent(tx, { workspaceId: workspace.id, type: "todo.created", data: { id: "t1", title: "Ship" } }));

    await until(() => seen.length === 1);
    expect(seen[0]).toEqual({ id: recorded.id, workspaceId: workspace.id, type: "todo.created", createdAt: recorded.createdAt, data: { id: "t1", title: "Ship" } });
    await until(() => flakySeen.length === 1);
    expect(flakyAttempts).toBe(2);
    expect(seen).toHaveLength(1);
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
