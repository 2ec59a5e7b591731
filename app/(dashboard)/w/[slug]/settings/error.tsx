"use client";

import { ErrorPanel } from "@/components/shell/error-panel";

// A settings page that failed to render (the database unreachable, say): the navigation stays,
// the failure is said plainly, and "Try again" re-renders the page on the server.
export default function SettingsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorPanel {...props} />;
}
