"use client";

import { useRouter } from "next/navigation";
import { startTransition } from "react";
import { Button } from "@/components/ui/button";

// A settings page that failed to render (the database unreachable, say): the navigation stays,
// the failure is said plainly, and "Try again" re-renders the page on the server.
export default function SettingsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-lg font-semibold text-red-900">This page could not be loaded</h1>
      <p className="mt-1 text-sm text-red-800">
        Something went wrong on our side. Nothing was changed. Try again in a moment.
        {error.digest ? <span className="mt-1 block text-xs text-red-700">Reference: {error.digest}</span> : null}
      </p>
      <Button
        className="mt-4"
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
    </div>
  );
}
