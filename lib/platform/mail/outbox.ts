import fs from "node:fs";
import path from "node:path";
import type { MailMessage } from "./types";

// Development only (no SMTP_URL, not production): the last mails, newest first, for /dev/outbox.
// Kept on disk beside the embedded database (.data/outbox.json, DEV_OUTBOX_FILE to move it), so a
// restart of the dev server keeps the confirmation and invitation links not yet followed; the copy
// in memory sits on globalThis so that the dev server's module reloads share it.
const KEEP = 50;

export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: string;
}

const store = globalThis as unknown as { __devOutbox?: OutboxEntry[] };

/** Where the outbox is kept, or null for memory only (DEV_OUTBOX_FILE=memory, and the test runner). */
export function outboxFile(): string | null {
  const setting = process.env.DEV_OUTBOX_FILE?.trim();
  if (setting === "memory") return null;
  if (setting) return path.resolve(/*turbopackIgnore: true*/ setting);
  return process.env.NODE_ENV === "test" ? null : path.resolve(/*turbopackIgnore: true*/ ".data/outbox.json");
}

function entries(): OutboxEntry[] {
  if (store.__devOutbox) return store.__devOutbox;
  const file = outboxFile();
  let loaded: unknown = [];
  if (file) {
    try {
      loaded = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch {
      // none yet, or unreadable: start empty
    }
  }
  return (store.__devOutbox = Array.isArray(loaded) ? (loaded as OutboxEntry[]).slice(0, KEEP) : []);
}

export function addToOutbox(message: MailMessage): void {
  const kept = entries();
  kept.unshift({ ...message, id: crypto.randomUUID(), sentAt: new Date().toISOString() });
  kept.length = Math.min(kept.length, KEEP);
  const file = outboxFile();
  if (!file) return;
  try {
    // Written whole and renamed into place: a crash mid-write leaves the previous outbox. Only the
    // owner may read it: its links sign people in and confirm addresses.
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, JSON.stringify(kept), { mode: 0o600 });
    fs.renameSync(partial, file);
  } catch {
    // The page still shows it from memory; the log line beside every kept mail has its link.
  }
}

export function outboxEntries(): readonly OutboxEntry[] {
  return entries();
}
