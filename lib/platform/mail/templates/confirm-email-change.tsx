import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

/** To the new address: the link that moves the account to it. */
export function confirmEmailChangeMail({ link, hours }: { link: string; hours: number }): MailContent {
  const subject = "Confirm your new email address";
  const footnote = `The link works once and expires in ${hours} hours. Until it is followed, the account keeps its current address. If you did not ask for this, ignore this mail.`;
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>Confirm that your Workspace account should use this address from now on.</MailParagraph>
        <MailButton href={link}>Use this address</MailButton>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: ["Confirm that your Workspace account should use this address from now on:", "", link, "", footnote].join("\n"),
  };
}
