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

/** Waits for the newest mail to `address` whose subject matches, and returns it. */
export async function latestMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = mailsTo(address).filter((mail) => subject.test(mail.subject)).at(-1)), {
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
