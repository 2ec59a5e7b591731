import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { startJobWorker } from "@/lib/platform/jobs/worker";
import { queueMail, sendQueuedMail, settleMail } from "@/lib/platform/mail/send-mail";
import { signUpAttemptMail } from "@/lib/platform/mail/templates/sign-up-attempt";
import { uniqueSuffix } from "../support/api";
import { dueMailSent } from "../support/due-mail";
import { startSmtpServer } from "../support/smtp";

// The SMTP server goes away for a while and comes back: every mail queued meanwhile arrives, and
// none twice; a mail sent at once is not sent again by the queue.

beforeAll(() => {
  process.env.MAIL_TRANSPORT = "smtp";
  process.env.MAIL_FIRST_RETRY_SECONDS = "1";
  process.env.JOBS_RETRY_DELAY_SECONDS = "1";
});
afterAll(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_TRANSPORT;
  delete process.env.MAIL_FIRST_RETRY_SECONDS;
  delete process.env.JOBS_RETRY_DELAY_SECONDS;
});

const mail = () => signUpAttemptMail({ signInLink: "https://app.example.test/sign-in" });

describe("mail through the queue", () => {
  it("SMTP down, then back: every mail delivered exactly once", async () => {
    const first = await startSmtpServer();
    process.env.SMTP_URL = first.url;
    const before = `before-${uniqueSuffix()}@example.test`;
    await queueMail(before, mail());
    await settleMail();
    expect(first.mailsTo(before)).toHaveLength(1);
    const { port } = first;
    await first.close(); // the server is down

    const during = Array.from({ length: 4 }, (_, i) => `during-${i}-${uniqueSuffix()}@example.test`);
    for (const to of during) await queueMail(to, mail());
    await settleMail(); // the immediate attempts failed: connection refused

    const worker = await startJobWorker({ handlers: { "mail.send": sendQueuedMail }, pollIntervalSeconds: 0.5 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // retries fail while it is down
      const back = await startSmtpServer(port);
      try {
        for (const to of during) await back.mailTo(to, 1, 30_000);
        // Any duplicate would have arrived once no mail job is due, retried or running any more.
        await dueMailSent();
        for (const to of during) expect(back.mailsTo(to), to).toHaveLength(1);
        expect(back.mailsTo(before)).toHaveLength(0);
        const states = await db.$queryRawUnsafe<{ to: string; state: string }[]>(
          `SELECT data->'message'->>'to' AS "to", state::text AS state FROM ${JOB_SCHEMA}.job WHERE name = 'mail.send'`,
        );
        const mine = states.filter((row) => row.to === before || during.includes(row.to));
        expect(mine).toHaveLength(5);
        expect(mine.every((row) => row.state === "completed")).toBe(true);
      } finally {
        await back.close();
      }
    } finally {
      await worker.stop({ graceful: false });
    }
  });
});
