import { directionOf, type PortalLocale } from "@/lib/platform/i18n/locales";
import { mailTranslator } from "@/lib/platform/i18n/messages";
import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

/** In the portal language of a visitor who signed up from a portal page; English otherwise. */
export function verifyEmailMail({ link, hours, locale }: { link: string; hours: number; locale?: PortalLocale }): MailContent {
  const t = mailTranslator(locale, "Mail.verify");
  const subject = t("subject");
  const footnote = t("footnote", { hours });
  return {
    subject,
    html: (
      <MailLayout title={subject} lang={locale ?? "en"} dir={locale ? directionOf(locale) : "ltr"}>
        <MailParagraph>{t("intro")}</MailParagraph>
        <MailButton href={link}>{t("button")}</MailButton>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: [`${t("intro")}`, "", link, "", footnote].join("\n"),
  };
}
