import { formatUtcDateTime } from "@/lib/platform/text/format-date";
import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

export interface CertificateExpiring {
  workspaceName: string;
  monitorName: string;
  /** The address the monitor checks, as the admin typed it. */
  url: string;
  expiresAt: Date;
  daysLeft: number;
  link: string;
}

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

/** To a workspace's admins and owners, 14 and again 3 days before a monitored site's certificate runs out. */
export function certificateExpiringMail({ workspaceName, monitorName, url, expiresAt, daysLeft, link }: CertificateExpiring): MailContent {
  const when = daysLeft <= 0 ? "today" : `in ${days(daysLeft)}`;
  const subject = `The certificate of ${monitorName} expires ${when}`;
  const body = `The TLS certificate served at ${url}, which the monitor “${monitorName}” of ${workspaceName} checks, expires ${when} (${formatUtcDateTime(expiresAt)}). Once it has expired, browsers refuse the site and the monitor reports it down.`;
  const footnote = "Renew the certificate where the site is hosted; the monitor reads the new one on its next check and this warning stops. You are told 14 and 3 days ahead.";
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>{body}</MailParagraph>
        <MailButton href={link}>Open the monitor</MailButton>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: [body, "", "Open the monitor:", link, "", footnote].join("\n"),
  };
}
