import type { Metadata } from "next";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Page not found" };

// Any address under a published portal that no page answers: its 404 inside the portal's chrome.
export default function MissingPortalPage(): never {
  notFound();
}
