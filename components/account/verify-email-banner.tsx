"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MAIL_NOTICES, type MailMode } from "@/lib/platform/mail/mail-notices";
import { resendVerificationAction } from "@/lib/surfaces/actions/dashboard/workspaces";

/** Shown until the address is proven: what it blocks, and a way to get another link. */
export function VerifyEmailBanner({
  email,
  mail,
  stacked = false,
}: {
  email: string;
  /** How this instance sends mail: with none, there is no link to resend, and the banner says so. */
  mail: MailMode;
  /** In a narrow card: the button under the text at every width. */
  stacked?: boolean;
}) {
  const [state, setState] = useState<{ tone: "idle" | "sent" | "error"; message: string }>({ tone: "idle", message: "" });
  const [pending, setPending] = useState(false);

  async function onResend() {
    setPending(true);
    try {
      const result = await resendVerificationAction();
      setState(result.ok ? { tone: "sent", message: MAIL_NOTICES.confirmResent(mail, result.data.email) } : { tone: "error", message: Object.values(result.fieldErrors)[0] ?? "" });
    } catch {
      setState({ tone: "error", message: "The server did not answer. Try again." });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="verify-email-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5" data-testid="verify-email-banner">
      <div className={`flex flex-col gap-3 ${stacked ? "items-start" : "sm:flex-row sm:items-center sm:justify-between"}`}>
        <div>
          <h2 id="verify-email-heading" className="font-medium text-amber-950">
            Confirm your email address
          </h2>
          <p className="mt-0.5 text-sm text-amber-900">
            {MAIL_NOTICES.confirmPending(mail, email)}
          </p>
        </div>
        {mail === "off" ? null : (
          <Button variant="secondary" className="shrink-0" onClick={onResend} disabled={pending}>
            {pending ? "Sending…" : "Resend the link"}
          </Button>
        )}
      </div>
      <p role="status" className={`text-sm ${state.tone === "error" ? "text-red-800" : "text-amber-950"} ${state.message ? "mt-2" : ""}`}>
        {state.message}
      </p>
    </section>
  );
}
