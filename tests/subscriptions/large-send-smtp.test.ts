import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import type { JobWorker } from "@/lib/platform/jobs/worker";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { createIncident } from "@/lib/domain/status/create-incident";
import { dueMailSent, manySubscribers, notifySubscribers, portal, startMailWorker } from "./support";

// One incident's mail to 150 status subscribers, sent by a real worker over a real SMTP server
// that refuses one of them. A file of its own (from subscriptions.test.ts), so that it runs beside
// the other subscription tests instead of after them.

let worker: JobWorker;
beforeAll(async () => {
  process.env.MAIL_TRANSPORT = "smtp";
  process.env.MAIL_RATE_PER_SECOND = "1000";
  process.env.JOBS_RETRY_DELAY_SECONDS = "1";
  worker = await startMailWorker();
});
afterAll(async () => {
  await worker.stop({ graceful: false });
  delete process.env.MAIL_TRANSPORT;
  delete process.env.MAIL_RATE_PER_SECOND;
});

it("150 subscribers over real SMTP, one refused by the server: each other receives exactly one mail; the refused one is retried, then FAILED", async () => {
  const setup = await portal();
  const emails = await manySubscribers(setup.workspace.id, 150, "batch");
  const refused = emails[17]!;
  const received: string[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(rcpt, _session, callback) {
      if (rcpt.address.toLowerCase() === refused) {
        refusals += 1;
        return callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  process.env.JOBS_RETRY_LIMIT = "1";
  try {
    const incident = await createIncident(setup.actor, { title: "Batch", message: "For everyone.", components: [] });
    await notifySubscribers(setup.workspace.id);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const failed = await db.notificationDelivery.count({ where: { subjectId: incident.id, status: "FAILED" } });
      const states = await db.$queryRawUnsafe<{ state: string }[]>(`SELECT state::text AS state FROM ${JOB_SCHEMA}.job WHERE name = 'mail.send' AND data->'message'->>'to' = $1`, refused);
      if ((received.length >= 149 && failed === 1 && states[0]?.state === "failed") || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await dueMailSent(); // any duplicate would have arrived by now
    expect(received.filter((to) => emails.includes(to)).sort()).toEqual(emails.filter((email) => email !== refused).sort());
    expect(refusals).toBe(2); // the first attempt and its one retry
    const rows = await db.notificationDelivery.findMany({ where: { subjectId: incident.id } });
    expect(rows).toHaveLength(150);
    expect(rows.filter((row) => row.status === "SENT")).toHaveLength(149);
    expect(rows.find((row) => row.recipient === refused)).toMatchObject({ status: "FAILED" });
  } finally {
    delete process.env.SMTP_URL;
    delete process.env.JOBS_RETRY_LIMIT;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}, 90_000);
