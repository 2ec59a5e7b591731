"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { startTransition } from "react";
import { Button } from "@/components/ui/button";
import type { WayBack } from "./not-found-panel";

/** The panel's words; the portal passes its visitor's language, everything else is English. */
export type ErrorPanelText = { title: string; body: string; reference: (digest: string) => string; tryAgain: string };

const ENGLISH: ErrorPanelText = {
  title: "This page could not be loaded",
  body: "Something went wrong on our side. Nothing was changed. Try again in a moment.",
  reference: (digest) => `Reference: ${digest}`,
  tryAgain: "Try again",
};

/**
 * The body of every error boundary: the failure said plainly, a reference to quote, "Try again"
 * (which re-renders on the server, not only in the browser) and a way back.
 */
export function ErrorPanel({ error, reset, wayBack, text = ENGLISH }: { error: Error & { digest?: string }; reset: () => void; wayBack?: WayBack; text?: ErrorPanelText }) {
  const router = useRouter();
  return (
    <div role="alert" className="mx-auto my-8 max-w-xl rounded-xl border border-red-200 bg-red-50 p-6" data-testid="error-panel">
      <h1 className="text-lg font-semibold text-red-900">{text.title}</h1>
      <p className="mt-1 text-sm text-red-800">
        {text.body}
        {error.digest ? <span className="mt-1 block text-xs text-red-700">{text.reference(error.digest)}</span> : null}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            startTransition(() => {
              router.refresh();
              reset();
            })
          }
        >
          {text.tryAgain}
        </Button>
        {wayBack ? (
          <Link href={wayBack.href} className="text-sm font-medium text-red-900 underline underline-offset-2">
            {wayBack.label}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
