import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

/**
 * Sent instead of a confirmation link when a signed-in account asks to move to an address that
 * already has an account: the person asking is told only "check that inbox", as for a new address.
 */
export function emailChangeTakenMail({ signInLink }: { signInLink: string }): MailContent {
  const subject = "Someone tried to move an account to your address";
  const body = "Someone signed in to another Workspace account asked to use this address for it. This address already has its own account, so nothing changed.";
  const hint = "If it was you: one address can belong to one account only. Sign in with this address to use that account, or delete it first.";
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>{body}</MailParagraph>
        <MailParagraph>{hint}</MailParagraph>
        <MailButton href={signInLink}>Sign in</MailButton>
        <MailFootnote>If it was not you, ignore this mail. Your account was not touched.</MailFootnote>
      </MailLayout>
    ),
    text: [body, "", hint, signInLink, "", "If it was not you, ignore this mail. Your account was not touched."].join("\n"),
  };
}
