import { db } from "@/lib/platform/db/client";
import { storedEvent } from "@/lib/platform/events/record-event";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { startJobWorker, type JobWorker } from "@/lib/platform/jobs/worker";
import { sendQueuedMail } from "@/lib/platform/mail/send-mail";
import type { MailMessage } from "@/lib/platform/mail/types";
import { fanOutToSubscribers, subscriberNotificationConsumer, type FanOutJob } from "@/lib/domain/subscriptions/notify-subscribers";
import { hashToken, manageTokenFor } from "@/lib/domain/subscriptions/tokens";
import { actorOf } from "../support/actors";
import { seedTenant, uniqueSuffix } from "../support/api";

// The event's consumer and its fan-out jobs run here by hand, in order, so a test controls when
// mail jobs appear; the mail jobs themselves are sent by a real worker or read from the queue.
// What runs by hand is marked done in the queue, as the worker would: a send waits for earlier
// events' jobs still waiting there.

/** Marks jobs done as the worker would after running them: by id, or an event's consumer jobs. */
export async function completeJobs(where: { id: string } | { consumedOf: string }): Promise<void> {
  if ("id" in where) {
    await db.$executeRawUnsafe(`UPDATE ${JOB_SCHEMA}.job SET state = 'completed', completed_on = now() WHERE id = $1::uuid`, where.id);
  } else {
    await db.$executeRawUnsafe(`UPDATE ${JOB_SCHEMA}.job SET state = 'completed', completed_on = now() WHERE name IN ('events.dispatch', 'events.consume') AND data->>'eventId' = $1`, where.consumedOf);
  }
}

const handledEvents = new Set<string>();
const ranJobs = new Set<string>();

/**
 * Runs the subscriber consumer for every event of the workspace not handled yet, then every fan-out
 * job. With `clockAt`, each fan-out job runs as if at the time its send began, so the mails' start
 * times follow the rate alone, however long the chunks take on a busy machine.
 */
export async function notifySubscribers(workspaceId: string, { clockAt }: { clockAt?: "send start" } = {}): Promise<void> {
  const events = await db.event.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  for (const row of events) {
    if (handledEvents.has(row.id)) continue;
    handledEvents.add(row.id);
    await subscriberNotificationConsumer.handle(storedEvent(row));
    await completeJobs({ consumedOf: row.id });
    for (;;) {
      const jobs = await db.$queryRawUnsafe<{ id: string; data: FanOutJob }[]>(`SELECT id::text AS id, data FROM ${JOB_SCHEMA}.job WHERE name = 'subscribers.fan_out' ORDER BY created_on, id`);
      const next = jobs.find((job) => !ranJobs.has(job.id));
      if (!next) break;
      ranJobs.add(next.id);
      await fanOutToSubscribers(next.data, clockAt ? new Date(next.data.base) : undefined);
      await completeJobs({ id: next.id });
    }
  }
}

export interface MailJob {
  id: string;
  startAfter: Date;
  data: { message: MailMessage; notificationId?: string };
}

/** The mail jobs on the queue for these recipients (all when none given). */
export async function mailJobs(to?: string[]): Promise<MailJob[]> {
  const rows = await db.$queryRawUnsafe<{ id: string; start_after: Date; data: MailJob["data"] }[]>(
    `SELECT id::text AS id, start_after, data FROM ${JOB_SCHEMA}.job WHERE name = 'mail.send' ORDER BY start_after, created_on`,
  );
  const wanted = to ? new Set(to.map((address) => address.toLowerCase())) : null;
  return rows.filter((row) => !wanted || wanted.has(row.data.message.to)).map((row) => ({ id: row.id, startAfter: row.start_after, data: row.data }));
}

export { dueMailSent } from "../support/due-mail";

/** A real job worker that sends queued mail one at a time, as the tests' SMTP servers expect. */
export function startMailWorker(): Promise<JobWorker> {
  return startJobWorker({ handlers: { "mail.send": sendQueuedMail }, concurrency: { "mail.send": 1 }, pollIntervalSeconds: 0.5 });
}

/** Confirmed status subscribers written straight to the table (what thousands of confirmations leave). */
export async function manySubscribers(workspaceId: string, count: number, label: string): Promise<string[]> {
  const suffix = uniqueSuffix();
  const rows = Array.from({ length: count }, (_, i) => {
    const id = `sub${label}${suffix}${String(i).padStart(5, "0")}`;
    return { id, workspaceId, topic: "STATUS" as const, email: `${label}-${i}-${suffix}@example.test`, confirmedAt: new Date(), manageTokenHash: hashToken(manageTokenFor(id)) };
  });
  await db.subscriber.createMany({ data: rows });
  return rows.map((row) => row.email);
}

/** A published workspace to subscribe to, and its owner to act in it. */
export async function portal() {
  const tenant = await seedTenant({ published: true });
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id }, select: { id: true, slug: true, name: true } });
  const actor = await actorOf(tenant, tenant.owner);
  return { tenant, workspace, actor };
}
