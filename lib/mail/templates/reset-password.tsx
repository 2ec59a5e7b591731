import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

export function resetPasswordMail({ link, minutes }: { link: string; minutes: number }): MailContent {
  const subject = "Reset your password";
  const footnote = `The link works once and expires in ${minutes} minutes. Using it signs your account out everywhere. If you did not ask for it, ignore this mail: your password stays as it is.`;
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>Someone (hopefully you) asked to reset the password of the Workspace account with this address.</MailParagraph>
        <MailButton href={link}>Choose a new password</MailButton>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: [
      "Someone (hopefully you) asked to reset the password of the Workspace account with this address. Choose a new password:",
      "",
      link,
      "",
      footnote,
    ].join("\n"),
  };
}
