import { ImageResponse } from "next/og";
import { OG_SIZE, OgCard } from "@/components/shell/og-card";

export const alt = "Workspace: feedback boards, roadmap, changelog and status page";
export const size = OG_SIZE;
export const contentType = "image/png";

// Drawn once at build time.
export default function OpenGraphImage() {
  return new ImageResponse(<OgCard eyebrow="Workspace" title="Feedback, roadmap, changelog and status in one place" subtitle="With a public API for your integrations" />, size);
}
