"use client";

import { ErrorPanel } from "@/components/shell/error-panel";

// The workspace list, or a workspace's own layout, failed to render: under the dashboard header.
export default function DashboardError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorPanel {...props} wayBack={{ href: "/workspaces", label: "Your workspaces" }} />;
}
