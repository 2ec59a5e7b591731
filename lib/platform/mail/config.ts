import { describeMailTransport, mailMode as modeOf, type MailMode } from "../config/transport-choice.mjs";

// Where mail goes and what links in it point to. SMTP_URL (smtp://user:pass@host:587, or smtps://
// for TLS from the first byte) turns on real delivery; MAIL_TRANSPORT=none turns mail off on
// purpose; without either, development keeps mail in the log and the /dev/outbox page, and
// production sends nothing (`npm start` refuses to start that way). The choice itself lives in
// transport-choice.mjs, shared with scripts/start.mjs.

import { publicOrigin } from "@/lib/platform/config/site-url";

type Env = Record<string, string | undefined>;
export type { MailMode };

/** Whether mail leaves this server ("smtp"), stays in the development outbox, or is off. */
export function mailMode(env: Env = process.env): MailMode {
  return modeOf(env);
}

export function smtpUrl(env: Env = process.env): string | null {
  return mailMode(env) === "smtp" ? env.SMTP_URL!.trim() : null;
}

/** The public base URL links in mail start with (no trailing slash): the app's public origin. */
export function appBaseUrl(env: Env = process.env): string {
  return publicOrigin(env);
}

export function mailFrom(env: Env = process.env): string {
  const configured = env.MAIL_FROM?.trim();
  if (configured) return configured;
  return `Workspace <no-reply@${new URL(appBaseUrl(env)).hostname}>`;
}

export function describeMail(env: Env = process.env): string {
  return mailMode(env) === "smtp" ? `${describeMailTransport(env)}, from ${mailFrom(env)}` : describeMailTransport(env);
}
