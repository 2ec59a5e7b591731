"use client";

import { useParams } from "next/navigation";
import { ErrorPanel } from "@/components/shell/error-panel";

// A workspace page that failed to render: inside the workspace's switcher and navigation.
export default function WorkspaceError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const { slug } = useParams<{ slug: string }>();
  return <ErrorPanel {...props} wayBack={{ href: `/w/${slug}`, label: "Back to the overview" }} />;
}
