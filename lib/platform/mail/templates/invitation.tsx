import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

export interface InvitationMailProps {
  link: string;
  workspaceName: string;
  inviterName: string | null;
  role: string;
  days: number;
}

export function invitationMail({ link, workspaceName, inviterName, role, days }: InvitationMailProps): MailContent {
  const who = inviterName ?? "An admin";
  const subject = `${who} invited you to ${workspaceName} on Workspace`;
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>
          {who} invited you to join <strong>{workspaceName}</strong> as {role}.
        </MailParagraph>
        <MailButton href={link}>Open the invitation</MailButton>
        <MailFootnote>
          To accept, sign in (or create an account) with this email address and confirm it. The link expires in {days} days. If you did
          not expect this, ignore the mail.
        </MailFootnote>
      </MailLayout>
    ),
    text: [
      `${who} invited you to join ${workspaceName} as ${role}.`,
      "",
      "Open the invitation:",
      link,
      "",
      `To accept, sign in (or create an account) with this email address and confirm it. The link expires in ${days} days. If you did not expect this, ignore the mail.`,
    ].join("\n"),
  };
}
