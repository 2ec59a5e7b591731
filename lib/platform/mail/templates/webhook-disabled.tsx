import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

/** To a workspace's admins and owners when the server turns off an endpoint that kept failing. */
export function webhookDisabledMail({ workspaceName, url, reason, link }: { workspaceName: string; url: string; reason: string; link: string }): MailContent {
  const subject = `A webhook of ${workspaceName} was turned off`;
  const body = `The webhook endpoint ${url} was turned off: ${reason} Events are no longer sent to it.`;
  const footnote = "Fix the receiver, then resume the endpoint in the workspace's webhook settings; failed deliveries can be resent from its delivery log.";
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>{body}</MailParagraph>
        <MailButton href={link}>Open the webhook settings</MailButton>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: [body, "", "Open the webhook settings:", link, "", footnote].join("\n"),
  };
}
