"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { startTransition } from "react";
import { Button } from "@/components/ui/button";
import type { WayBack } from "./not-found-panel";

/**
 * The body of every error boundary: the failure said plainly, a reference to quote, "Try again"
 * (which re-renders on the server, not only in the browser) and a way back.
 */
export function ErrorPanel({ error, reset, wayBack }: { error: Error & { digest?: string }; reset: () => void; wayBack?: WayBack }) {
  const router = useRouter();
  return (
    <div role="alert" className="mx-auto my-8 max-w-xl rounded-xl border border-red-200 bg-red-50 p-6" data-testid="error-panel">
      <h1 className="text-lg font-semibold text-red-900">This page could not be loaded</h1>
      <p className="mt-1 text-sm text-red-800">
        Something went wrong on our side. Nothing was changed. Try again in a moment.
        {error.digest ? <span className="mt-1 block text-xs text-red-700">Reference: {error.digest}</span> : null}
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
          Try again
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
