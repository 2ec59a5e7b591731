import { directionOf, type PortalLocale } from "@/lib/platform/i18n/locales";
import { mailTranslator } from "@/lib/platform/i18n/messages";
import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

/** In a portal visitor's language (the page that asked, or the one the account was made in); English otherwise. */
export function resetPasswordMail({ link, minutes, locale }: { link: string; minutes: number; locale?: PortalLocale }): MailContent {
  const t = mailTranslator(locale, "VisitorMail.reset");
  const subject = t("subject");
  const footnote = t("footnote", { minutes });
  return {
    subject,
    html: (
      <MailLayout title={subject} lang={locale ?? "en"} dir={locale ? directionOf(locale) : "ltr"}>
        <MailParagraph>{t("intro")}</MailParagraph>
        <MailButton href={link}>{t("button")}</MailButton>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: [`${t("intro")} ${t("textLead")}`, "", link, "", footnote].join("\n"),
  };
}
