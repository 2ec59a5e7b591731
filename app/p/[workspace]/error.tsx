"use client";

import { useParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ErrorPanel } from "@/components/shell/error-panel";

// A portal page that failed to render: inside the portal's header and navigation, in its language.
export default function PortalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const { workspace } = useParams<{ workspace: string }>();
  const t = useTranslations("NotFound");
  const errors = useTranslations("PortalErrors");
  return (
    <ErrorPanel
      {...props}
      wayBack={{ href: `/p/${workspace}`, label: t("back") }}
      text={{ title: errors("errorTitle"), body: errors("errorBody"), reference: (digest) => errors("reference", { digest }), tryAgain: errors("tryAgain") }}
    />
  );
}
