import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { startJobWorkerThread } from "@/lib/surfaces/worker/worker-thread";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { fanOutEvent } from "@/lib/domain/webhooks/fan-out";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";
import { startReceiver } from "../webhooks/receiver";

// The production server's job worker on a thread of its own (lib/surfaces/worker/worker-thread.ts): the real
// worker on a thread, with this file's database, delivers what the test's thread recorded; stopped,
// it delivers nothing more; a thread that ends by itself is started again; one that does not stop
// when asked is ended after its deadline. A thread opens its own connections, so this needs
// PostgreSQL (on embedded PGlite the server keeps the worker on its own thread).

// A thread's environment is a copy of this process's when it starts.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "job-thread-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  for (const deadline = Date.now() + timeoutMs; !(await check()); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let events = 0;
const postCreated = (workspaceId: string) => ({
  id: `evt_thread_${++events}_${Date.now()}`,
  workspaceId,
  type: "post.created",
  createdAt: new Date(),
  data: { id: "post_1", title: "Dark mode" },
});

describe.skipIf(!process.env.DATABASE_URL)("the job worker's own thread", () => {
  it("delivers a webhook recorded on this thread; once stopped, delivers nothing more", async () => {
    const hook = await startReceiver();
    const tenant = await seedTenant({ plan: "PRO" });
    await createWebhook(await actorOf(tenant, tenant.owner), { url: hook.url });
    const thread = startJobWorkerThread();
    try {
      const [deliveryId] = await fanOutEvent(postCreated(tenant.workspace.id));
      await until(() => hook.received.length === 1, 60_000, "the delivery");
      await until(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status === "DELIVERED", 10_000, "the delivery's record");
    } finally {
      await thread.stop({ timeoutMs: 5_000 });
    }
    const [later] = await fanOutEvent(postCreated(tenant.workspace.id));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hook.received).toHaveLength(1);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: later! } })).toMatchObject({ status: "PENDING", attempts: 0 });
    await hook.close();
  }, 120_000);

  it("a thread that ends by itself is started again; stop asks the new one and waits for it", async () => {
    const log = path.join(scratch, "crashing.log");
    process.env.THREAD_FIXTURE_LOG = log;
    const thread = startJobWorkerThread({ entry: path.resolve("tests/jobs/fixtures/crashing-thread.ts") });
    await until(() => fs.existsSync(log) && fs.readFileSync(log, "utf8").includes("start 2"), 30_000, "the second start");
    await thread.stop({ timeoutMs: 5_000 });
    expect(fs.readFileSync(log, "utf8")).toBe("start 1\nstart 2\nstopped\n");
  }, 60_000);

  it("a thread that does not stop when asked is ended once its deadline and margin have passed", async () => {
    const thread = startJobWorkerThread({ entry: path.resolve("tests/jobs/fixtures/deaf-thread.ts") });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // A margin shorter than the production server's five seconds: the rule is the same, the wait less.
    const asked = Date.now();
    await thread.stop({ timeoutMs: 200, marginMs: 800 });
    const waited = Date.now() - asked;
    expect(waited).toBeGreaterThanOrEqual(1_000);
    expect(waited).toBeLessThan(30_000);
  }, 60_000);
});
