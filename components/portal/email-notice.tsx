"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";

const OUTCOMES = ["verified", "expired", "used", "invalid"] as const;
type Outcome = (typeof OUTCOMES)[number];

function isOutcome(value: string | null): value is Outcome {
  return (OUTCOMES as readonly (string | null)[]).includes(value);
}

/** What became of the verification link a visitor followed back to this portal page (`?email=`). */
export function EmailNotice() {
  const outcome = useSearchParams().get("email");
  const t = useTranslations("Auth.emailNotice");
  if (!isOutcome(outcome)) return null;
  return (
    <div className="mb-6" data-testid="email-notice">
      <Alert tone={outcome === "verified" ? "success" : "error"}>{t(outcome)}</Alert>
    </div>
  );
}
