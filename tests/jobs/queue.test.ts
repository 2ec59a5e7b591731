import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { enqueueJob } from "@/lib/platform/jobs/enqueue-job";
import { JOB_HANDLERS } from "@/lib/surfaces/worker/handlers";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import type { JobHandler } from "@/lib/platform/jobs/types";
import { startJobWorker, type JobWorker } from "@/lib/platform/jobs/worker";

// The queue on the test's own database (PostgreSQL, or PGlite with TEST_DATABASE=pglite): jobs
// commit with their transaction, run once per attempt across workers, and come back when a worker
// dies mid-job.

const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceful: false })));
});

async function worker(handlers: Record<string, JobHandler>, maintenanceIntervalSeconds?: number) {
  const started = await startJobWorker({ handlers, pollIntervalSeconds: 0.5, maintenanceIntervalSeconds });
  workers.push(started);
  return started;
}

async function jobRows(name: string) {
  return db.$queryRawUnsafe<{ state: string; retry_count: number; data: { n: number } }[]>(
    `SELECT state::text AS state, retry_count, data FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY created_on`,
    name,
  );
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("enqueueJob", () => {
  it("finds every queue the app uses already made by the migrations, so no burst of first uses races to make one", async () => {
    const rows = await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM ${JOB_SCHEMA}.queue`);
    const made = new Set(rows.map((row) => row.name));
    expect(Object.keys(JOB_HANDLERS).filter((name) => !made.has(name))).toEqual([]);
  });

  it("writes the job with its transaction: committed, it is there; rolled back, it is not", async () => {
    await db.$transaction(async (tx) => {
      await enqueueJob(tx, "test.commit", { n: 1 });
    });
    await expect(
      db.$transaction(async (tx) => {
        await enqueueJob(tx, "test.commit", { n: 2 });
        throw new Error("the change failed after its job was enqueued");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await jobRows("test.commit");
    expect(rows.map((row) => row.data)).toEqual([{ n: 1 }]);
    expect(rows[0]!.state).toBe("created");
  });

  it("skips a second job with the same singleton key while the first waits", async () => {
    await db.$transaction(async (tx) => {
      expect(await enqueueJob(tx, "test.single", { n: 1 }, { singletonKey: "k" })).toEqual(expect.any(String));
      expect(await enqueueJob(tx, "test.single", { n: 2 }, { singletonKey: "k" })).toBeNull();
      expect(await enqueueJob(tx, "test.single", { n: 3 }, { singletonKey: "other" })).toEqual(expect.any(String));
    });
    expect((await jobRows("test.single")).map((row) => row.data.n).sort()).toEqual([1, 3]);
  });

  it("holds a job until startAfter", async () => {
    const ran: number[] = [];
    await worker({ "test.later": async (data: { n: number }) => void ran.push(data.n) });
    await db.$transaction(async (tx) => {
      await enqueueJob(tx, "test.later", { n: 1 }, { startAfter: new Date(Date.now() + 1_500) });
      await enqueueJob(tx, "test.later", { n: 2 });
    });
    await until(() => ran.length === 1);
    expect(ran).toEqual([2]);
    await until(() => ran.length === 2);
    expect(ran).toEqual([2, 1]);
  });
});

describe("the worker", () => {
  it("retries a failing job after its delay, then completes it", async () => {
    let attempts = 0;
    await worker({
      "test.flaky": async () => {
        attempts += 1;
        if (attempts < 3) throw new Error("not yet");
      },
    });
    await db.$transaction((tx) => enqueueJob(tx, "test.flaky", { n: 1 }, { retryDelaySeconds: 1, retryBackoff: false }));
    await until(async () => (await jobRows("test.flaky"))[0]?.state === "completed");
    expect(attempts).toBe(3);
  });

  it("two workers on one database attempt each job once", async () => {
    const attempts = new Map<number, number>();
    const handle: JobHandler = async (data: { n: number }) => {
      attempts.set(data.n, (attempts.get(data.n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await worker({ "test.shared": handle });
    await worker({ "test.shared": handle });
    const total = 30;
    await db.$transaction(async (tx) => {
      for (let n = 0; n < total; n++) await enqueueJob(tx, "test.shared", { n });
    });
    await until(async () => (await jobRows("test.shared")).every((row) => row.state === "completed"), 60_000);
    expect(attempts.size).toBe(total);
    expect([...attempts.values()].every((count) => count === 1)).toBe(true);
  });

  it("a worker stopped mid-job without waiting hands the job back, and another runs it", async () => {
    let started = false;
    const first = await worker({
      "test.stuck": async () => {
        started = true;
        await new Promise(() => {}); // never finishes: the worker goes away under it
      },
    });
    await db.$transaction((tx) => enqueueJob(tx, "test.stuck", { n: 1 }, { retryDelaySeconds: 1, retryBackoff: false }));
    await until(() => started);
    await first.stop({ graceful: false });
    workers.splice(workers.indexOf(first), 1);
    expect((await jobRows("test.stuck"))[0]!.state).toBe("retry");

    const ran: number[] = [];
    await worker({ "test.stuck": async (data: { n: number }) => void ran.push(data.n) });
    await until(() => ran.length === 1);
    await until(async () => (await jobRows("test.stuck"))[0]?.state === "completed");
    expect((await jobRows("test.stuck"))[0]!.retry_count).toBe(1);
  });

  it("a job whose worker died without a word (claimed, never finished) is retried once it expires", async () => {
    // A worker that crashed: it claimed the job and then nothing more was heard of it.
    await db.$transaction((tx) => enqueueJob(tx, "test.orphan", { n: 7 }, { expireInSeconds: 1, retryDelaySeconds: 1, retryBackoff: false }));
    const crashed = await startJobWorker({ handlers: {}, pollIntervalSeconds: 0.5 });
    const claimed = await crashed.boss.fetch("test.orphan");
    expect(claimed).toHaveLength(1);
    await crashed.boss.stop({ graceful: false, close: true });
    expect((await jobRows("test.orphan"))[0]!.state).toBe("active");

    const ran: number[] = [];
    const survivor = await worker({ "test.orphan": async (data: { n: number }) => void ran.push(data.n) }, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await survivor.boss.expire(); // the supervisor's step, run now rather than on its timer
    await until(() => ran.length === 1);
    expect(ran).toEqual([7]);
  });

  it("a graceful stop lets the running job finish", async () => {
    let finished = false;
    const running = await worker({
      "test.slow": async () => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        finished = true;
      },
    });
    await db.$transaction((tx) => enqueueJob(tx, "test.slow", { n: 1 }));
    await until(async () => (await jobRows("test.slow"))[0]?.state === "active");
    await running.stop({ graceful: true, timeoutMs: 5_000 });
    workers.splice(workers.indexOf(running), 1);
    expect(finished).toBe(true);
    expect((await jobRows("test.slow"))[0]!.state).toBe("completed");
  });
});
