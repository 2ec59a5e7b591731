import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";

// The tab says it in the portal's language (loadPortal sets it from the address).
export async function generateMetadata({ params }: { params: Promise<{ workspace: string }> }): Promise<Metadata> {
  await loadPortal((await params).workspace);
  return { title: (await getTranslations("PortalErrors"))("pageNotFound") };
}

// Any address under a published portal that no page answers: its 404 inside the portal's chrome.
export default function MissingPortalPage(): never {
  notFound();
}
