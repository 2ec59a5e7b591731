import { notFound } from "next/navigation";
import { ImageResponse } from "next/og";
import { OG_SIZE, OgCard } from "@/components/shell/og-card";
import { findPublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";

export const alt = "The workspace's public portal";
export const size = OG_SIZE;
export const contentType = "image/png";

// The card every page of a portal shares: the workspace's name. Unpublished or unknown: 404, like
// the portal itself.
export default async function PortalOpenGraphImage({ params }: { params: Promise<{ workspace: string }> }) {
  const workspace = await findPublishedWorkspace((await params).workspace);
  if (!workspace) notFound();
  return new ImageResponse(<OgCard eyebrow="Public portal" title={workspace.name} subtitle="Feedback · Roadmap · Changelog · Status" />, size);
}
