import type { MailContent } from "../types";
import { MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

/** To the old address, once the change is confirmed: its owner learns where the account went. */
export function emailChangedMail({ newEmail }: { newEmail: string }): MailContent {
  const subject = "Your email address was changed";
  const body = `The Workspace account that used this address now uses ${newEmail}. Mail about the account, and password resets, go there from now on.`;
  const footnote = "If you did not make this change, someone else may have been signed in to your account: contact your workspace's owner or our support at once.";
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>{body}</MailParagraph>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: [body, "", footnote].join("\n"),
  };
}
