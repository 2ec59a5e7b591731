"use client";

import "./globals.css";
import { ErrorPanel } from "@/components/shell/error-panel";

// The root layout itself failed: this replaces it, so it brings its own <html> and styles.
export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 px-4 font-sans text-slate-900 antialiased">
        <title>Something went wrong · Workspace</title>
        <ErrorPanel {...props} wayBack={{ href: "/", label: "Home" }} />
      </body>
    </html>
  );
}
