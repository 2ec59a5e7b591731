import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { documentLocale } from "@/lib/surfaces/auth/document-locale";
import { directionOf, PORTAL_LOCALE_HEADER } from "@/lib/platform/i18n/locales";
import { siteUrl } from "@/lib/platform/config/site-url";
import { currentThemePreference } from "@/lib/platform/theme/current-theme";
import { themeAttribute } from "@/lib/platform/theme/preference";
import "./globals.css";

const DESCRIPTION = "Feedback boards, roadmap, changelog, status page and todos, with a public API.";

export function generateMetadata(): Metadata {
  return {
    metadataBase: siteUrl(),
    applicationName: "Workspace",
    title: { default: "Workspace", template: "%s · Workspace" },
    description: DESCRIPTION,
    openGraph: { siteName: "Workspace", type: "website", title: "Workspace", description: DESCRIPTION },
    twitter: { card: "summary_large_image" },
  };
}

export const viewport: Viewport = { themeColor: "#4f46e5" };

// Every page renders per request: the Content-Security-Policy (proxy.ts) allows inline scripts only
// with this request's nonce, which Next can put only on scripts it renders now, not at build time.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  // The scheme is in the server's HTML (no script decides it before paint): "system" leaves it to
  // the media query in globals.css.
  const theme = themeAttribute(await currentThemePreference());
  // The page's language: a portal page's or a portal visitor's sign-in page's, else English.
  const requestHeaders = await headers();
  const lang = await documentLocale(requestHeaders.get(PORTAL_LOCALE_HEADER), requestHeaders.get("x-pathname"));
  return (
    // A portal page's first script may mark this element before hydration (lib/platform/auth/viewer-hint.ts).
    <html lang={lang} dir={directionOf(lang)} data-theme={theme} suppressHydrationWarning>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
