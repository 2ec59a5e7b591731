import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eMailDir } from "./mail-dir.mjs";

// The mail the app sent during the run, as e2e/serve.mjs's SMTP server received it.

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every header, names lower-cased. */
  headers: Record<string, string>;
  receivedAt: string;
}

export function mailsTo(address: string): ReceivedMail[] {
  const dir = e2eMailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

export function countMails(address: string, subject: RegExp): number {
  return mailsTo(address).filter((mail) => subject.test(mail.subject)).length;
}

/**
 * Waits for the newest mail to `address` whose subject matches, and returns it. Mail is sent after
 * the action answers, so a caller that expects a second mail of the same kind passes `seen` (the
 * count before its action) — otherwise the earlier mail may be returned before the new one lands.
 */
export async function latestMail(address: string, subject: RegExp, seen = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => {
      const matching = mailsTo(address).filter((mail) => subject.test(mail.subject));
      return (found = matching.length > seen ? matching.at(-1) : undefined);
    }, {
      message: `a mail to ${address} with subject ${subject}`,
      timeout: 15_000,
    })
    .toBeTruthy();
  return found!;
}

/** The first link in the mail's text part that contains `fragment`. */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in:\n${mail.text}`);
  return link;
}

export const VERIFY_SUBJECT = /^Verify your email address$/;
export const INVITATION_SUBJECT = /invited you to .+ on Workspace$/;
