import type { MailMessage } from "./types";

// Development only (no SMTP_URL, not production): the last mails, newest first, for /dev/outbox.
// On globalThis so the dev server's module reloads keep them.
const KEEP = 50;

export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: string;
}

const store = globalThis as unknown as { __devOutbox?: OutboxEntry[] };

export function addToOutbox(message: MailMessage): void {
  const entries = (store.__devOutbox ??= []);
  entries.unshift({ ...message, id: crypto.randomUUID(), sentAt: new Date().toISOString() });
  entries.length = Math.min(entries.length, KEEP);
}

export function outboxEntries(): readonly OutboxEntry[] {
  return store.__devOutbox ?? [];
}
