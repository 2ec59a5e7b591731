import { NextIntlClientProvider } from "next-intl";
import { directionOf, DEFAULT_PORTAL_LOCALE, type PortalLocale } from "@/lib/platform/i18n/locales";
import { messagesOf } from "@/lib/platform/i18n/messages";
import { DocumentLanguage } from "@/components/i18n/document-language";

/**
 * Wraps an auth page in its visitor's language: the element says which (and its direction, so
 * Arabic mirrors), and the page's client forms read their words from the "Auth" messages.
 */
export function AuthLanguage({ locale, children }: { locale: PortalLocale | undefined; children: React.ReactNode }) {
  const lang = locale ?? DEFAULT_PORTAL_LOCALE;
  return (
    <div lang={lang} dir={directionOf(lang)} data-testid="auth-root">
      <DocumentLanguage lang={lang} dir={directionOf(lang)} />
      <NextIntlClientProvider locale={lang} messages={{ Auth: messagesOf(locale).Auth }} timeZone="UTC">
        {children}
      </NextIntlClientProvider>
    </div>
  );
}
