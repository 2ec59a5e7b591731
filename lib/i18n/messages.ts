import { createTranslator } from "next-intl";
import ar from "@/messages/ar.json";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import ja from "@/messages/ja.json";
import ptBR from "@/messages/pt-BR.json";
import { DEFAULT_PORTAL_LOCALE, type PortalLocale } from "./locales";

// Every language's messages, for what is written outside a page's request: mails a portal
// visitor receives. (Pages load only their own language, lib/i18n/request.ts.)
const MESSAGES: Record<PortalLocale, typeof en> = { en, de, fr, es, "pt-BR": ptBR, ja, ar };

/** A translator for one namespace in `locale` (English when none is known). */
export function mailTranslator<N extends "Mail.verify">(locale: PortalLocale | undefined, namespace: N) {
  return createTranslator({ locale: locale ?? DEFAULT_PORTAL_LOCALE, messages: MESSAGES[locale ?? DEFAULT_PORTAL_LOCALE], namespace });
}

/** The subscriptions namespace (confirmation and notification mails to status and changelog subscribers). */
export function subscriptionsTranslator(locale: PortalLocale | undefined) {
  return createTranslator({ locale: locale ?? DEFAULT_PORTAL_LOCALE, messages: MESSAGES[locale ?? DEFAULT_PORTAL_LOCALE], namespace: "Subscriptions" });
}
