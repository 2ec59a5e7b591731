import { createTranslator } from "next-intl";
import ar from "@/messages/ar.json";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import ja from "@/messages/ja.json";
import ptBR from "@/messages/pt-BR.json";
import { DEFAULT_PORTAL_LOCALE, type PortalLocale } from "./locales";

// Every language's messages, for what is written outside a portal page's request: mails a portal
// visitor receives, the sign-in pages a visitor reaches from a portal (they live outside /p/…, so
// next-intl's request locale is not theirs), and the portal forms' refusals (a server action
// answers in the language of the page that sent it). Portal pages load only their own language
// (lib/platform/i18n/request.ts).
export const MESSAGES: Record<PortalLocale, typeof en> = { en, de, fr, es, "pt-BR": ptBR, ja, ar };

/** The messages of one language (English when none is known). */
export function messagesOf(locale: PortalLocale | undefined): typeof en {
  return MESSAGES[locale ?? DEFAULT_PORTAL_LOCALE];
}

/** A translator for one namespace in `locale` (English when none is known). */
export function translatorFor<N extends "Mail.verify" | "VisitorMail.reset" | "Auth" | "PortalErrors" | "Badge" | "Sso">(locale: PortalLocale | undefined, namespace: N) {
  return createTranslator({ locale: locale ?? DEFAULT_PORTAL_LOCALE, messages: messagesOf(locale), namespace });
}

/** The mail templates' name for it. */
export const mailTranslator = translatorFor;

/** The subscriptions namespace (confirmation and notification mails to status and changelog subscribers). */
export function subscriptionsTranslator(locale: PortalLocale | undefined) {
  return createTranslator({ locale: locale ?? DEFAULT_PORTAL_LOCALE, messages: messagesOf(locale), namespace: "Subscriptions" });
}
