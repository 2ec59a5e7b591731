import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import type { EventType } from "@/lib/platform/events/catalogue";
import { APP_JOBS, EVENT_CONSUMERS } from "@/lib/surfaces/worker/handlers";
import { consumeEvent, dispatchEvent } from "@/lib/platform/events/dispatch";
import { recordEvent, type StoredEvent } from "@/lib/platform/events/record-event";
import type { EventConsumer } from "@/lib/platform/events/types";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { startJobWorker, type JobWorker } from "@/lib/platform/jobs/worker";
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
    // Two stand-ins that take a comment, and one that does not.
    const consumers: EventConsumer[] = [
      { name: "audit", types: ["comment.created"], handle: async (event) => void seen.push(event) },
      { name: "elsewhere", types: ["todo.created"], handle: async () => void seen.push({ type: "wrong consumer" } as never) },
      {
        name: "notifications.post",
        types: ["comment.created", "post.status_changed"],
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
        "events.dispatch": (data: { eventId: string }) => dispatchEvent(data, consumers).then(() => undefined),
        "events.consume": (data: { eventId: string; consumer: string }) => consumeEvent(data, consumers),
      },
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

  it("an event is dispatched to the consumers that name its type, each as its own job, and to no other", async () => {
    const { workspace } = await seedTenant();
    const consumersFor = async (type: EventType) => {
      const recorded = await db.$transaction((tx) => recordEvent(tx, { workspaceId: workspace.id, type, data: { id: "x" } }));
      await dispatchEvent({ eventId: recorded.id }, EVENT_CONSUMERS);
      const rows = await db.$queryRawUnsafe<{ consumer: string }[]>(
        `SELECT data->>'consumer' AS consumer FROM ${JOB_SCHEMA}.job WHERE name = 'events.consume' AND data->>'eventId' = $1 ORDER BY 1`,
        recorded.id,
      );
      return rows.map((row) => row.consumer);
    };
    expect(await consumersFor("todo.created")).toEqual([]);
    expect(await consumersFor("post.status_changed")).toEqual(["notifications.post"]);
    expect(await consumersFor("incident.created")).toEqual(["subscriber-notifications"]);
    expect(await consumersFor("release_note.published")).toEqual(["subscriber-notifications"]);
  });

  it("the statement recording an event queues its dispatch job, a job the worker runs", async () => {
    const { workspace } = await seedTenant();
    const recorded = await db.$transaction((tx) => recordEvent(tx, { workspaceId: workspace.id, type: "todo.created", data: { id: "x" } }));
    const rows = await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM ${JOB_SCHEMA}.job WHERE data->>'eventId' = $1`, recorded.id);
    expect(rows.map((row) => row.name)).toEqual(["events.dispatch"]);
    expect(APP_JOBS.map((job) => job.name)).toEqual(expect.arrayContaining(["events.dispatch", "events.consume"]));
  });

  it("a consume job naming a consumer this build does not have fails with the reason", async () => {
    await expect(consumeEvent({ eventId: "e", consumer: "gone" }, EVENT_CONSUMERS)).rejects.toThrow('No event consumer "gone" is defined in this build.');
  });
});
