import { expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { createIncident } from "@/lib/domain/status/create-incident";
import { fanOutToSubscribers } from "@/lib/domain/subscriptions/notify-subscribers";
import { manySubscribers, notifySubscribers, portal } from "./support";

// One incident's fan-out to 10,000 status subscribers, read from the queue rather than sent (no
// worker runs here). A file of its own (from subscriptions.test.ts), so that it runs beside the
// other subscription tests instead of after them.

it("10,000 subscribers: 10,000 delivery rows and 10,000 mail jobs, each once, their start times spaced at MAIL_RATE_PER_SECOND", async () => {
  process.env.MAIL_RATE_PER_SECOND = "100";
  const setup = await portal();
  const emails = new Set(await manySubscribers(setup.workspace.id, 10_000, "big"));
  const incident = await createIncident(setup.actor, { title: "Everyone", message: "Big outage.", components: [] });
  // The clock stands still while the chunks run: a chunk picked up late starts its mails from its
  // own time, so with a real clock the span would measure how fast this machine wrote 10,000 rows
  // rather than the rate.
  await notifySubscribers(setup.workspace.id, { clockAt: "send start" });

  expect(await db.notificationDelivery.count({ where: { subjectId: incident.id } })).toBe(10_000);
  const event = await db.event.findFirstOrThrow({ where: { workspaceId: setup.workspace.id, type: "incident.created" } });
  // The consumer's fan-out replayed (at least once delivery): nobody is queued twice.
  await fanOutToSubscribers({ eventId: event.id, afterId: null, offset: 0, base: new Date().toISOString() });
  const jobs = await db.$queryRawUnsafe<{ to: string; start_after: Date }[]>(
    `SELECT data->'message'->>'to' AS "to", start_after FROM ${JOB_SCHEMA}.job WHERE name = 'mail.send' AND data->>'notificationId' IS NOT NULL ORDER BY start_after`,
  );
  const mine = jobs.filter((job) => emails.has(job.to));
  expect(mine).toHaveLength(10_000);
  expect(new Set(mine.map((job) => job.to)).size).toBe(10_000);
  const gaps = mine.slice(1).map((job, i) => job.start_after.getTime() - mine[i]!.start_after.getTime());
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(9); // 100 a second: 10 ms apart (floor of ms)
  const span = mine.at(-1)!.start_after.getTime() - mine[0]!.start_after.getTime();
  expect(span).toBeGreaterThanOrEqual(99_000);
  expect(span).toBeLessThan(160_000);
  delete process.env.MAIL_RATE_PER_SECOND;
}, 300_000);
