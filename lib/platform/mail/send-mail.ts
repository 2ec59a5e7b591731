import nodemailer, { type Transporter } from "nodemailer";
import { db } from "@/lib/platform/db/client";
import { completeWaitingJob } from "@/lib/platform/jobs/complete-waiting-job";
import { z } from "zod";
import { defineJob } from "@/lib/platform/jobs/define-job";
import { describeError } from "@/lib/platform/log/describe-error";
import { log } from "@/lib/platform/log/logger";
import { markNotification } from "@/lib/platform/mail/mark-notification";
import { mailFrom, mailMode, smtpUrl } from "./config";
import { addToOutbox } from "./outbox";
import { renderMail } from "./render";
import type { MailContent, MailMessage } from "./types";

// Mail never fails or slows the action that sends it, and is never lost: queueMail stores the
// rendered message as a job (lib/platform/jobs) before it returns, then tries to send it at once in the
// background. If that attempt fails (the SMTP server is down), the job is retried by the worker
// with growing delays until the server is back (about 85 minutes of retries by default).
//
// Exactly once, with one window: the job is marked done right after the SMTP server accepted the
// message. A process that dies between that acceptance and the mark leaves the job to be retried,
// and that mail goes out twice. No other path sends a mail twice: the queued retry only comes due
// MAIL_FIRST_RETRY_SECONDS after queueing (more than twice the send deadline), by which time the
// immediate attempt has finished and, if it succeeded, marked the job done.
const SEND_TIMEOUT_MS = 15_000;

export const SEND_MAIL_JOB = "mail.send";

function firstRetryMs(): number {
  const seconds = Number(process.env.MAIL_FIRST_RETRY_SECONDS);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : (2 * SEND_TIMEOUT_MS) / 1000) * 1000;
}

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function transport(url: string): Transporter {
  if (!transporter || transporterUrl !== url) {
    // The timeouts go in the transport's own options beside the URL: given as a second argument
    // they were only defaults for each message, and the connection never saw them.
    transporter = nodemailer.createTransport({
      url,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    });
    transporterUrl = url;
  }
  return transporter;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

function firstLink(text: string): string {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? "";
}

type Outcome = "sent" | "kept" | "off" | "failed";

async function attempt(message: MailMessage): Promise<Outcome> {
  const url = smtpUrl();
  if (!url) {
    if (mailMode() === "off") {
      log.info({ to: message.to, subject: message.subject }, "mail not sent: this instance sends no mail (MAIL_TRANSPORT=none, or no SMTP_URL)");
      return "off";
    }
    addToOutbox(message);
    log.info({ to: message.to, subject: message.subject, link: firstLink(message.text) }, "mail kept in the development outbox (/dev/outbox)");
    return "kept";
  }
  try {
    await withDeadline(transport(url).sendMail({ from: mailFrom(), ...message }), SEND_TIMEOUT_MS);
    return "sent";
  } catch (error) {
    log.error({ to: message.to, subject: message.subject, error: describeError(error) }, "mail not sent");
    return "failed";
  }
}

/** Delivers one message; resolves whether or not it went out (the outcome is logged). */
export async function deliver(message: MailMessage): Promise<boolean> {
  const outcome = await attempt(message);
  return outcome === "sent" || outcome === "kept";
}

/**
 * The queue's job (lib/surfaces/worker/handlers.ts): throws when the server did not accept it, so it is retried.
 * A notification's mail also records its outcome on its NotificationDelivery row.
 */
export async function sendQueuedMail(data: { message: MailMessage; notificationId?: string }): Promise<void> {
  const outcome = await attempt(data.message);
  if (data.notificationId) {
    await markNotification(data.notificationId, outcome === "failed" ? { sent: false, reason: "the mail server did not accept the message" } : { sent: true });
  }
  if (outcome === "failed") throw new Error("the mail server did not accept the message");
}

const inFlight = new Set<Promise<unknown>>();

/**
 * Renders the mail and stores it on the queue before resolving; sending goes on in the background.
 * Call it after the commit that makes the mail true (a link to a token that is not committed yet
 * would not work).
 */
export async function queueMail(to: string, content: MailContent): Promise<void> {
  let message: MailMessage;
  try {
    message = renderMail(to, content);
  } catch (error) {
    log.error({ subject: content.subject, err: error }, "mail could not be rendered");
    return;
  }
  let jobId: string | null = null;
  try {
    const startAfter = new Date(Date.now() + firstRetryMs());
    jobId = await db.$transaction((tx) => sendMailJob.queue(tx, { message }, { startAfter }));
  } catch (error) {
    // The database refused the job: still try once, as before there was a queue.
    log.error({ to, subject: message.subject, error: describeError(error) }, "mail could not be queued; trying to send it once");
  }
  const sending = sendNow(message, jobId).finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

async function sendNow(message: MailMessage, jobId: string | null): Promise<void> {
  const outcome = await attempt(message);
  if (outcome === "failed" || !jobId) return; // the queued job retries it
  await completeWaitingJob(SEND_MAIL_JOB, jobId).catch((error: unknown) => {
    log.error({ to: message.to, error: describeError(error) }, "mail sent, but its queued job could not be marked done: it may be sent again");
  });
}

/** Waits for every immediate send attempt to finish (tests, graceful shutdown). */
export async function settleMail(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

const mailMessage = z.strictObject({
  to: z.string().min(1),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** One rendered mail on the queue (a notification's carries its delivery row's id). */
export const sendMailJob = defineJob({
  name: SEND_MAIL_JOB,
  payload: z.strictObject({ message: mailMessage, notificationId: z.string().min(1).optional() }),
  handle: (data) => sendQueuedMail(data),
});
