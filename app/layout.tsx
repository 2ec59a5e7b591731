import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Workspace", template: "%s · Workspace" },
  description: "Feedback boards, roadmap, changelog, status page and todos, with a public API.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
