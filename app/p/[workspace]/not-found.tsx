"use client";

import { useParams } from "next/navigation";
import { NotFoundPanel } from "@/components/shell/not-found-panel";

// A post, board or note that does not exist or is not public, inside the portal's header.
export default function PortalNotFound() {
  const { workspace } = useParams<{ workspace: string }>();
  return (
    <NotFoundPanel
      title="Nothing here"
      landmark={false}
      description="This page does not exist, or it is not public."
      ways={[
        { href: `/p/${workspace}`, label: "Back to the portal" },
        { href: `/p/${workspace}/status`, label: "System status" },
      ]}
    />
  );
}
