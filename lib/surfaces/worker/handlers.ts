import { z } from "zod";
import { publishDueJob } from "@/lib/domain/changelog/publication-event";
import { maintenanceBoundaryJob } from "@/lib/domain/status/maintenance-events";
import { importJob } from "@/lib/domain/imports/import-job";
import { forgetUnconfirmedJob } from "@/lib/domain/subscriptions/forget-unconfirmed";
import { fanOutJob } from "@/lib/domain/subscriptions/notify-subscribers";
import { consumeEvent } from "@/lib/platform/events/dispatch";
import { CONSUME_EVENT_JOB } from "@/lib/platform/events/routing";
import { defineJob, jobTable } from "@/lib/platform/jobs/define-job";
import { sendMailJob } from "@/lib/platform/mail/send-mail";
import { EVENT_CONSUMERS } from "./consumers";

/**
 * The step between an event and one of its consumers. The statement that records an event queues
 * one per consumer routed its type; this is the one place that knows every consumer. Several at
 * once in one worker: short database work, so a burst of writes reaches its consumers without a
 * queue forming behind one job at a time.
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
export const APP_JOBS = [consumeEventJob, publishDueJob, sendMailJob, maintenanceBoundaryJob, fanOutJob, forgetUnconfirmedJob, importJob] as const;

const table = jobTable(APP_JOBS);

/** The handler of each job, by name (the queue's name). */
export const JOB_HANDLERS = table.handlers;

/** Jobs of a name that may run at once in one worker (1 when not listed). */
export const JOB_CONCURRENCY: Readonly<Record<string, number>> = table.concurrency;
