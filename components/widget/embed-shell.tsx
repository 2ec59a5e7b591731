import { NextIntlClientProvider } from "next-intl";
import { DocumentLanguage } from "@/components/i18n/document-language";
import { accentStyle } from "@/lib/domain/branding/accent";
import { directionOf, type PortalLocale } from "@/lib/platform/i18n/locales";

/**
 * What every widget frame is drawn in: the language (and its direction), the host's colour scheme
 * and the workspace's accent, filling the frame. The frame is as tall as the panel the loader made.
 */
export function EmbedShell({ locale, theme, accentColor, children }: { locale: PortalLocale; theme: "light" | "dark" | undefined; accentColor: string | null; children: React.ReactNode }) {
  return (
    <div
      lang={locale}
      dir={directionOf(locale)}
      data-theme={theme}
      data-accent={accentColor ? "" : undefined}
      style={accentColor ? (accentStyle(accentColor) as React.CSSProperties) : undefined}
      className="h-screen bg-white text-slate-900"
    >
      <DocumentLanguage lang={locale} dir={directionOf(locale)} />
      <NextIntlClientProvider>{children}</NextIntlClientProvider>
    </div>
  );
}
