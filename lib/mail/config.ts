// Where mail goes and what links in it point to. SMTP_URL (smtp://user:pass@host:587, or smtps://
// for TLS from the first byte) turns on real delivery; without it, development keeps mail in the
// log and the /dev/outbox page, and production sends nothing and says so at startup.

import { publicOrigin } from "@/lib/site-url";

type Env = Record<string, string | undefined>;

export function smtpUrl(env: Env = process.env): string | null {
  return env.SMTP_URL?.trim() || null;
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
  const url = smtpUrl(env);
  if (url) {
    try {
      const parsed = new URL(url);
      return `SMTP ${parsed.protocol}//${parsed.host}, from ${mailFrom(env)}`;
    } catch {
      return "SMTP_URL is set but is not a URL: mail will fail to send";
    }
  }
  return env.NODE_ENV === "production"
    ? "NOT SENT: SMTP_URL is not set, so verification and invitation links never arrive"
    : "development outbox (the log and /dev/outbox); set SMTP_URL to send for real";
}
