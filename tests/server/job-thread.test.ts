import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { fanOutEvent } from "@/lib/domain/webhooks/fan-out";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";
import { startProductionServer } from "../support/production-server";
import { startReceiver } from "../webhooks/receiver";

// The production server (server.ts) on PostgreSQL runs its job worker on a thread of its own, or
// with JOBS_THREAD=false on the thread that answers requests: either way the log says which, a
// delivery recorded by someone else goes out from it, and SIGTERM in the middle of an attempt lets
// the attempt finish and be recorded before the server exits. Needs `npm run build`; skipped
// without one, and on embedded PGlite (where the worker stays on the server's thread).
const built = fs.existsSync(".next/BUILD_ID");
// The receiver listens on a local port; the server inherits this process's environment.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill("SIGKILL");
});

const OWN_THREAD = "job worker running on its own thread";
const SERVER_THREAD = "job worker running on the server's thread";

describe.skipIf(!built || !process.env.DATABASE_URL)("the production server's job worker", () => {
  it.each([
    { where: "on a thread of its own (the default)", env: {} as Record<string, string>, says: OWN_THREAD, not: SERVER_THREAD },
    { where: "on the server's thread (JOBS_THREAD=false)", env: { JOBS_THREAD: "false" }, says: SERVER_THREAD, not: OWN_THREAD },
  ])("delivers $where, and on SIGTERM finishes the attempt in flight before exiting", async ({ env, says, not }) => {
    let answer: (() => void) | undefined;
    const hook = await startReceiver((_request, response) => {
      answer = () => response.end("ok");
    });
    const tenant = await seedTenant({ plan: "PRO" });
    await createWebhook(await actorOf(tenant, tenant.owner), { url: hook.url });
    const logLines: string[] = [];
    const port = await freePort();
    server = await startProductionServer(port, { LOG_LEVEL: "info", ...env }, 120_000, logLines);
    const [deliveryId] = await fanOutEvent({ id: `evt_server_thread_${Date.now()}`, workspaceId: tenant.workspace.id, type: "post.created", createdAt: new Date(), data: { id: "post_1", title: "Dark mode" } });
    for (const deadline = Date.now() + 60_000; !answer; ) {
      if (Date.now() > deadline) throw new Error("the delivery never reached the receiver");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(logLines.some((line) => line.includes(says))).toBe(true);
    expect(logLines.some((line) => line.includes(not))).toBe(false);

    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(server.exitCode).toBeNull(); // still finishing the attempt
    answer();
    const [code] = await exited;
    server = undefined;
    expect(code).toBe(0);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).toMatchObject({ status: "DELIVERED", attempts: 1, lastStatusCode: 200 });
    expect(hook.received).toHaveLength(1);
    await hook.close();
  }, 180_000);
});
