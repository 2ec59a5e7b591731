import type { Metadata } from "next";
import { withBdi } from "@/lib/platform/i18n/bdi";
import Link from "next/link";
import { headers } from "next/headers";
import { Suspense } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/portal/language-switcher";
import { portalAlternates } from "@/components/portal/metadata";
import { PortalBrand } from "@/components/portal/portal-brand";
import { PortalNav } from "@/components/portal/portal-nav";
import { ThemeSwitch } from "@/components/theme/theme-switch";
import { directionOf } from "@/lib/platform/i18n/locales";
import { PortalUserMenu } from "@/components/portal/portal-user-menu";
import { PortalViewerProvider } from "@/components/portal/viewer";
import { getPortalSsoMode } from "@/lib/domain/sso/portal-sso-mode";
import { portalSignInHref } from "@/lib/surfaces/portal/sign-in-href";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";
import { accentStyle } from "@/lib/domain/branding/accent";
import { logoPath } from "@/lib/domain/branding/branding-view";
import { currentThemePreference } from "@/lib/platform/theme/current-theme";
import { EmailNotice } from "@/components/portal/email-notice";
import { DocumentLanguage } from "@/components/i18n/document-language";
import { VIEWER_HINT_SCRIPT } from "@/lib/platform/auth/viewer-hint";

// The public portal of a published workspace: server-rendered, readable by anyone. Lives under /p
// so no workspace slug can ever collide with an app route. Its language comes from the address
// (loadPortal); the root element carries it with its direction, so Arabic mirrors.
type LayoutProps = { children: React.ReactNode; params: Promise<{ workspace: string }> };

/**
 * Every portal page names its other-language addresses (hreflang) and its canonical one; the
 * browser-tab icon follows the portal's logo.
 */
export async function generateMetadata({ params }: Pick<LayoutProps, "params">): Promise<Metadata> {
  const { workspace, locale } = await loadPortal((await params).workspace);
  const alternates = await portalAlternates(workspace, locale);
  return workspace.logoVersion ? { alternates, icons: { icon: logoPath(workspace.slug, workspace.logoVersion) } } : { alternates };
}

export default async function PortalLayout({ children, params }: LayoutProps) {
  const { workspace: slug } = await params;
  const [{ workspace, locale, base }, requestHeaders, theme] = await Promise.all([loadPortal(slug), headers(), currentThemePreference()]);
  // Nothing here depends on who is looking: the page is one for every visitor (and is shared by
  // the page cache); the visitor's own name and controls come from PortalViewerProvider.
  const sso = await getPortalSsoMode(workspace.id);
  const [t, themeText] = await Promise.all([getTranslations("Portal"), getTranslations("Theme")]);
  const here = requestHeaders.get("x-pathname") ?? base;
  return (
    // The workspace's accent paints the filled buttons and the active tab (globals.css, [data-accent]).
    <div
      lang={locale}
      dir={directionOf(locale)}
      className="min-h-screen bg-slate-50"
      data-testid="portal-root"
      data-accent={workspace.accentColor ? "" : undefined}
      style={workspace.accentColor ? (accentStyle(workspace.accentColor) as React.CSSProperties) : undefined}
    >
      {/* First, so the header below is painted knowing whether a session came along (lib/platform/auth/viewer-hint.ts). */}
      <script nonce={requestHeaders.get("x-nonce") ?? undefined} dangerouslySetInnerHTML={{ __html: VIEWER_HINT_SCRIPT }} />
      <DocumentLanguage lang={locale} dir={directionOf(locale)} />
      <NextIntlClientProvider>
      <PortalViewerProvider slug={workspace.slug}>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <div className="flex items-center justify-between gap-4 pt-4 pb-2">
            <Link href={base} className="min-w-0 truncate text-lg font-semibold tracking-tight text-slate-900" data-testid="portal-name">
              <PortalBrand name={workspace.name} logoUrl={workspace.logoVersion ? logoPath(workspace.slug, workspace.logoVersion) : null} />
            </Link>
            <div className="flex shrink-0 items-center gap-1 text-sm sm:gap-2">
              <LanguageSwitcher slug={workspace.slug} locales={workspace.languages.locales} />
              <PortalUserMenu slug={workspace.slug} base={base} here={here} signInHref={portalSignInHref(workspace.slug, sso.enabled, here)} />
            </div>
          </div>
          <PortalNav base={base} />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <Suspense fallback={null}>
          <EmailNotice />
        </Suspense>
        {children}
      </main>
      <div className="mx-auto max-w-5xl px-4 pb-3 sm:px-6">
        <ThemeSwitch
          initial={theme}
          labels={{ label: themeText("label"), system: themeText("system"), light: themeText("light"), dark: themeText("dark") }}
        />
      </div>
      <footer className="mx-auto max-w-5xl px-4 pb-10 text-xs text-slate-500 sm:px-6">
        {withBdi((slot) => t("footer", { name: slot(workspace.name) }))} ·{" "}
        <a className="underline hover:text-slate-700" href={`/api/public/${workspace.slug}/changelog/feed.xml`}>
          {t("changelogFeed")}
        </a>
      </footer>
      </PortalViewerProvider>
      </NextIntlClientProvider>
    </div>
  );
}
