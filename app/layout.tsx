import type { Metadata, Viewport } from "next";
import { siteUrl } from "@/lib/site-url";
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

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
