import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

export function verifyEmailMail({ link, hours }: { link: string; hours: number }): MailContent {
  const subject = "Verify your email address";
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>Confirm that this address is yours to finish setting up your Workspace account.</MailParagraph>
        <MailButton href={link}>Verify my email</MailButton>
        <MailFootnote>
          The link works once and expires in {hours} hours. If you did not create an account, ignore this mail: nothing happens without
          the link.
        </MailFootnote>
      </MailLayout>
    ),
    text: [
      "Confirm that this address is yours to finish setting up your Workspace account:",
      "",
      link,
      "",
      `The link works once and expires in ${hours} hours. If you did not create an account, ignore this mail: nothing happens without the link.`,
    ].join("\n"),
  };
}
