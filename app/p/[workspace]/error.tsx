"use client";

import { useParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ErrorPanel } from "@/components/shell/error-panel";

// A portal page that failed to render: inside the portal's header and navigation.
export default function PortalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const { workspace } = useParams<{ workspace: string }>();
  const t = useTranslations("NotFound");
  return <ErrorPanel {...props} wayBack={{ href: `/p/${workspace}`, label: t("back") }} />;
}
