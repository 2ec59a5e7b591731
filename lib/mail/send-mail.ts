import nodemailer, { type Transporter } from "nodemailer";
import { describeError } from "@/lib/log/describe-error";
import { log } from "@/lib/log/logger";
import { mailFrom, mailMode, smtpUrl } from "./config";
import { addToOutbox } from "./outbox";
import { renderMail } from "./render";
import type { MailContent, MailMessage } from "./types";

// Mail never fails or slows the action that sends it: callers queue it after their database
// commit and return; delivery runs on its own with a deadline, and a failure is logged, not thrown.
const SEND_TIMEOUT_MS = 15_000;

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function transport(url: string): Transporter {
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport(url, {
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

/** Delivers one message; resolves whether or not it went out (the outcome is logged). */
export async function deliver(message: MailMessage): Promise<boolean> {
  const url = smtpUrl();
  if (!url) {
    if (mailMode() === "off") {
      log.info({ to: message.to, subject: message.subject }, "mail not sent: this instance sends no mail (MAIL_TRANSPORT=none, or no SMTP_URL)");
      return false;
    }
    addToOutbox(message);
    log.info({ to: message.to, subject: message.subject, link: firstLink(message.text) }, "mail kept in the development outbox (/dev/outbox)");
    return true;
  }
  try {
    await withDeadline(transport(url).sendMail({ from: mailFrom(), ...message }), SEND_TIMEOUT_MS);
    return true;
  } catch (error) {
    log.error({ to: message.to, subject: message.subject, error: describeError(error) }, "mail not sent");
    return false;
  }
}

const inFlight = new Set<Promise<boolean>>();

/**
 * Renders and sends in the background; the caller does not wait. Call it after the commit that
 * makes the mail true (a link to a token that is not committed yet would not work).
 */
export function queueMail(to: string, content: MailContent): void {
  let message: MailMessage;
  try {
    message = renderMail(to, content);
  } catch (error) {
    log.error({ subject: content.subject, err: error }, "mail could not be rendered");
    return;
  }
  const sending = deliver(message).finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/** Waits for every queued mail to be delivered or given up (tests, graceful shutdown). */
export async function settleMail(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
