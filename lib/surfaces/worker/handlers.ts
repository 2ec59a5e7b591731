import { z } from "zod";
import { publishDueJob } from "@/lib/domain/changelog/publication-event";
import { certificateMailConsumer } from "@/lib/domain/monitors/certificate-mail";
import { monitorRollupJob } from "@/lib/domain/monitors/rollups";
import { postNotificationConsumer } from "@/lib/domain/notifications/post-notifications";
import { maintenanceBoundaryJob } from "@/lib/domain/status/maintenance-events";
import { importJob } from "@/lib/domain/imports/import-job";
import { undoImportJob } from "@/lib/domain/imports/undo-import";
import { forgetUnconfirmedJob } from "@/lib/domain/subscriptions/forget-unconfirmed";
import { fanOutJob, subscriberNotificationConsumer } from "@/lib/domain/subscriptions/notify-subscribers";
import { dropWorkspaceAnswers } from "@/lib/platform/cache/drop-workspace-answers";
import { resolveDatabaseTarget } from "@/lib/platform/db/target";
import { CONSUME_EVENT_JOB, consumeEvent, DISPATCH_EVENT_JOB, dispatchEvent } from "@/lib/platform/events/dispatch";
import type { EventConsumer } from "@/lib/platform/events/types";
import { defineJob, jobTable } from "@/lib/platform/jobs/define-job";
import { sendMailJob } from "@/lib/platform/mail/send-mail";

// Everything that acts on events, each defined beside its feature with the event types it takes.
// Listed here once: the dispatch hands an event to those that name its type. (Webhook deliveries
// are no consumer: the statement that records an event writes them itself.)
export const EVENT_CONSUMERS: readonly EventConsumer[] = [postNotificationConsumer, subscriberNotificationConsumer, certificateMailConsumer];

// With embedded PGlite the worker runs inside the one server process and no database notice drops
// that process's cached public answers (lib/platform/cache/public-cache-listener.ts, PostgreSQL
// only): the dispatch does it, for a change made by the REST API, MCP or a job. On PostgreSQL the
// notice reaches every instance at commit, so the dispatch adds nothing.
const dropsCachesItself = resolveDatabaseTarget().kind !== "postgres";

/** The step after an event is recorded: its consumers' jobs, one per consumer of its type. */
export const dispatchEventJob = defineJob({
  name: DISPATCH_EVENT_JOB,
  payload: z.strictObject({ eventId: z.string().min(1) }),
  concurrency: 4,
  handle: async (data) => {
    const event = await dispatchEvent(data, EVENT_CONSUMERS);
    if (event && dropsCachesItself) await dropWorkspaceAnswers(event.workspaceId);
  },
});

/**
 * The step between an event and one of its consumers. Several at once in one worker: short
 * database work, so a burst of writes reaches its consumers without a queue forming behind one
 * job at a time.
 */
export const consumeEventJob = defineJob({
  name: CONSUME_EVENT_JOB,
  payload: z.strictObject({ eventId: z.string().min(1), consumer: z.string().min(1) }),
  concurrency: 4,
  handle: (data) => consumeEvent(data, EVENT_CONSUMERS),
});

// Every job the worker runs: each defined beside its feature (defineJob: its name, the schema of
// its payload, its handler), listed here once. A job of a name not on this list is failed when the
// app's worker starts, with the reason, rather than left waiting.
export const APP_JOBS = [dispatchEventJob, consumeEventJob, publishDueJob, sendMailJob, maintenanceBoundaryJob, fanOutJob, forgetUnconfirmedJob, monitorRollupJob, importJob, undoImportJob] as const;

const table = jobTable(APP_JOBS);

/** The handler of each job, by name (the queue's name). */
export const JOB_HANDLERS = table.handlers;

/** Jobs of a name that may run at once in one worker (1 when not listed). */
export const JOB_CONCURRENCY: Readonly<Record<string, number>> = table.concurrency;
