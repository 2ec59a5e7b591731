import type { SubscriptionTopic } from "@/lib/generated/prisma/enums";
import { directionOf, isPortalLocale, type PortalLocale } from "@/lib/platform/i18n/locales";
import { subscriptionsTranslator } from "@/lib/platform/i18n/messages";
import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

// Mails to people who subscribed to a status page or a changelog, in the language they used on the
// portal (else the portal's default). Each carries the workspace's name, a link to the portal and,
// after confirmation, links to change components or unsubscribe.

function language(locale: string | null | undefined): PortalLocale | undefined {
  return isPortalLocale(locale) ? locale : undefined;
}

export function subscriptionConfirmMail(input: { workspaceName: string; topic: SubscriptionTopic; locale?: string | null; link: string }): MailContent {
  const locale = language(input.locale);
  const t = subscriptionsTranslator(locale);
  const topic = t(`topic.${input.topic}`);
  const subject = t("mail.confirmSubject", { name: input.workspaceName });
  const intro = t("mail.confirmIntro", { topic, name: input.workspaceName });
  const footnote = t("mail.confirmFootnote");
  return {
    subject,
    html: (
      <MailLayout title={subject} lang={locale ?? "en"} dir={directionOf(locale ?? "en")}>
        <MailParagraph>{intro}</MailParagraph>
        <MailButton href={input.link}>{t("mail.confirmButton")}</MailButton>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: [intro, "", `${t("mail.confirmButton")}:`, input.link, "", footnote].join("\n"),
  };
}

export interface SubscriberUpdate {
  workspaceName: string;
  topic: SubscriptionTopic;
  /** The headline, already in words (incident title and state, release note title). */
  heading: string;
  /** Lines of plain text: the incident's message, the maintenance window, the note's summary. */
  lines: string[];
  link: { href: string; label: "viewStatus" | "viewNote" };
}

/** One update to one subscriber; `subject` and `heading` are built by the caller from the event. */
export function subscriberUpdateMail(
  update: SubscriberUpdate & { subject: string },
  recipient: { locale?: string | null; manageLink: string; headers: Record<string, string> },
): MailContent {
  const locale = language(recipient.locale);
  const t = subscriptionsTranslator(locale);
  const topic = t(`topic.${update.topic}`);
  const footer = t("mail.footer", { topic, name: update.workspaceName });
  const linkLabel = t(`mail.${update.link.label}`);
  return {
    subject: update.subject,
    headers: recipient.headers,
    html: (
      <MailLayout title={update.subject} lang={locale ?? "en"} dir={directionOf(locale ?? "en")}>
        <p dir="auto" style={{ margin: "0 0 4px", fontSize: "12px", color: "#64748b" }}>
          {update.workspaceName}
        </p>
        <h1 style={{ margin: "0 0 16px", fontSize: "18px", lineHeight: "26px" }}>{update.heading}</h1>
        {update.lines.map((line, index) => (
          <MailParagraph key={index} dir="auto">
            {line}
          </MailParagraph>
        ))}
        <MailButton href={update.link.href}>{linkLabel}</MailButton>
        <MailFootnote>
          {footer} <a href={recipient.manageLink}>{t("mail.manage")}</a>
        </MailFootnote>
      </MailLayout>
    ),
    text: [update.workspaceName, "", update.heading, "", ...update.lines.flatMap((line) => [line, ""]), `${linkLabel}:`, update.link.href, "", "--", footer, `${t("mail.manage")}:`, recipient.manageLink].join("\n"),
  };
}

/** The words for an event's state in the subscriber's language (subject lines, headings). */
export function updateWords(locale: string | null | undefined) {
  const t = subscriptionsTranslator(language(locale));
  return {
    incident: (status: "investigating" | "identified" | "monitoring" | "resolved") => t(`mail.incident.${status}`),
    maintenance: (state: "scheduled" | "started" | "completed" | "cancelled") => t(`mail.maintenance.${state}`),
    window: (start: string, end: string) => t("mail.window", { start, end }),
    affects: (names: string) => t("mail.affects", { names }),
  };
}
