"use client";

import { useParams } from "next/navigation";
import { NotFoundPanel } from "@/components/shell/not-found-panel";

// A page of a workspace that does not exist (a mistyped address, a deleted post): inside the
// workspace's switcher and navigation, with the way back to its overview.
export default function WorkspaceNotFound() {
  const { slug } = useParams<{ slug: string }>();
  return (
    <NotFoundPanel
      description="This page does not exist in this workspace. It may have been moved or deleted."
      ways={[
        { href: `/w/${slug}`, label: "Back to the overview" },
        { href: "/workspaces", label: "Your workspaces" },
      ]}
    />
  );
}
