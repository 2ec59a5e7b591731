import type { Metadata } from "next";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Page not found" };

// Any address under a workspace that no page answers: its 404 inside the workspace's chrome
// (not-found.tsx beside the layout), not the bare app-wide one. Real pages always win over this.
export default function MissingWorkspacePage(): never {
  notFound();
}
