"use client";

import { ErrorPanel } from "@/components/shell/error-panel";

// Anything above the dashboard and portal layouts (a portal's own layout, the home page).
export default function RootError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="px-4">
      <ErrorPanel {...props} wayBack={{ href: "/", label: "Home" }} />
    </div>
  );
}
