import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/platform/db/client";
import { defineJob, JobPayloadError } from "@/lib/platform/jobs/define-job";
import { enqueueJob } from "@/lib/platform/jobs/enqueue-job";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import type { JobWorker } from "@/lib/platform/jobs/worker";
import { forgetUnconfirmedJob } from "@/lib/domain/subscriptions/forget-unconfirmed";
import { sendMailJob } from "@/lib/platform/mail/send-mail";
import { startAppWorker } from "@/lib/surfaces/worker/app-worker";
import { APP_JOBS, JOB_HANDLERS } from "@/lib/surfaces/worker/handlers";

// Jobs are defined with the schema of their payload: a payload that does not match is refused
// when it is queued, inside the change's transaction, naming the job and what is wrong; and a job
// whose type this build no longer defines is failed, with the reason, when the app's worker starts
// (not left waiting, not retried).

const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceful: false })));
});

async function jobRows(name: string) {
  return db.$queryRawUnsafe<{ state: string; retry_count: number; output: { message?: string } | null }[]>(
    `SELECT state::text AS state, retry_count, output FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY created_on`,
    name,
  );
}

describe("defineJob", () => {
  it("refuses a payload that fails its schema when it is queued, naming the job and the field, and writes nothing", async () => {
    const attempt = db.$transaction((tx) => forgetUnconfirmedJob.queue(tx, { subscriberId: 42 } as unknown as { subscriberId: string }));
    await expect(attempt).rejects.toThrow(JobPayloadError);
    await expect(db.$transaction((tx) => forgetUnconfirmedJob.queue(tx, { subscriberId: 42 } as unknown as { subscriberId: string }))).rejects.toThrow(
      /Job "subscribers\.forget_unconfirmed" refused: .*subscriberId/,
    );
    expect(await jobRows("subscribers.forget_unconfirmed")).toEqual([]);
  });

  it("refuses fields the handler does not read (a mail without its recipient, an unknown key)", async () => {
    const message = { subject: "Hi", html: "<p>Hi</p>", text: "Hi" };
    await expect(db.$transaction((tx) => sendMailJob.queue(tx, { message } as never))).rejects.toThrow(/mail\.send.*to/);
    await expect(db.$transaction((tx) => sendMailJob.queue(tx, { message: { ...message, to: "a@example.com" }, extra: 1 } as never))).rejects.toThrow(/extra/);
    expect(await jobRows("mail.send")).toEqual([]);
  });

  it("queues a payload that matches, and its handler gets it checked", async () => {
    const seen: unknown[] = [];
    const job = defineJob({ name: "test.defined", payload: z.strictObject({ n: z.number().int() }), handle: async (data) => void seen.push(data) });
    await db.$transaction((tx) => job.queue(tx, { n: 1 }));
    expect((await jobRows("test.defined")).map((row) => row.state)).toEqual(["created"]);
    await job.run({ n: 2 }, { id: "x", name: job.name, retryCount: 0 });
    await expect(job.run({ n: "2" }, { id: "y", name: job.name, retryCount: 0 })).rejects.toThrow(JobPayloadError);
    expect(seen).toEqual([{ n: 2 }]);
  });

  it("every job of the app's worker is on its table once, with a handler", () => {
    expect(Object.keys(JOB_HANDLERS).sort()).toEqual(APP_JOBS.map((job) => job.name).sort());
  });
});

describe("a job of a type no longer defined", () => {
  it("is failed when the app's worker starts, with a readable reason, and not retried", async () => {
    await db.$transaction((tx) => enqueueJob(tx, "webhooks.deliver", { deliveryId: "d1" }, { retryLimit: 5 }));
    await db.$transaction((tx) => enqueueJob(tx, "search.reindex", { postId: "p1" }));
    // A queued job of a type that is defined is left to run.
    await db.$transaction((tx) => forgetUnconfirmedJob.queue(tx, { subscriberId: "nobody" }, { startAfter: new Date(Date.now() + 3_600_000) }));

    workers.push(await startAppWorker({ pollIntervalSeconds: 0.5, deliveries: false }));

    for (const name of ["webhooks.deliver", "search.reindex"]) {
      const [row] = await jobRows(name);
      expect(row).toMatchObject({ state: "failed", retry_count: 0 });
      expect(row!.output?.message).toBe(`No job of type "${name}" is defined in this build: failed, not run and not retried.`);
    }
    expect((await jobRows("subscribers.forget_unconfirmed")).map((row) => row.state)).toEqual(["created"]);
  });
});
