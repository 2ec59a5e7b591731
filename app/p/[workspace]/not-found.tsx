"use client";

import { useParams, usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { portalHomeOfPath } from "@/lib/platform/i18n/locales";
import { NotFoundPanel } from "@/components/shell/not-found-panel";

// A post, board or note that does not exist or is not public, inside the portal's header.
export default function PortalNotFound() {
  const { workspace } = useParams<{ workspace: string }>();
  const t = useTranslations("NotFound");
  // Back in the language of the address that was not found.
  const base = portalHomeOfPath(usePathname(), workspace);
  return (
    <NotFoundPanel
      title={t("title")}
      landmark={false}
      description={t("description")}
      ways={[
        { href: base, label: t("back") },
        { href: `${base}/status`, label: t("status") },
      ]}
    />
  );
}
