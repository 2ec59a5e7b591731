"use client";

import { useParams, usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { ErrorPanel } from "@/components/shell/error-panel";
import { portalHomeOfPath } from "@/lib/platform/i18n/locales";

// A portal page that failed to render: inside the portal's header and navigation, in its language.
export default function PortalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const { workspace } = useParams<{ workspace: string }>();
  const t = useTranslations("NotFound");
  const errors = useTranslations("PortalErrors");
  const home = portalHomeOfPath(usePathname(), workspace);
  return (
    <ErrorPanel
      {...props}
      wayBack={{ href: home, label: t("back") }}
      text={{ title: errors("errorTitle"), body: errors("errorBody"), reference: (digest) => errors("reference", { digest }), tryAgain: errors("tryAgain") }}
    />
  );
}
