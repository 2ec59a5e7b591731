"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { useToast } from "@/components/ui/toast";
import type { DeliveryView, WebhookView } from "@/lib/domain/webhooks/view";
import { resendDeliveryAction } from "@/lib/surfaces/actions/dashboard/webhooks";

type Props = { slug: string; endpoint: WebhookView; deliveries: DeliveryView[]; nextCursor: string | null };

const STATUS_TONE = { delivered: "green", pending: "amber", failed: "red" } as const;

export function DeliveryLog({ slug, endpoint, deliveries, nextCursor }: Props) {
  const router = useRouter();
  const toast = useToast();
  const [resending, setResending] = useState<string | null>(null);

  async function resend(id: string) {
    setResending(id);
    try {
      const result = await resendDeliveryAction(slug, id);
      if (!result.ok) toast.error(Object.values(result.fieldErrors)[0] ?? "The delivery could not be resent.");
      else {
        toast.success("Queued again from its first attempt.");
        router.refresh();
      }
    } catch {
      toast.error("The server did not answer. Check your connection and try again.");
    } finally {
      setResending(null);
    }
  }

  return (
    <main className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm">
            <Link href={`/w/${slug}/settings/webhooks`} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              ← Webhooks
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">Deliveries</h1>
          <p className="mt-1 font-mono text-sm break-all text-slate-600">{endpoint.url}</p>
        </div>
        <Button variant="secondary" className="shrink-0 self-start" onClick={() => router.refresh()}>
          Refresh
        </Button>
      </div>
      {deliveries.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <h2 className="font-medium text-slate-900">Nothing sent yet</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Events this endpoint subscribes to show here as they are sent. Send a test event from the webhook list to try it.</p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Deliveries, newest first">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="delivery-row">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <code className="font-mono text-sm text-slate-900">{delivery.eventType}</code>
                    <Badge tone={STATUS_TONE[delivery.status]}>{delivery.status}</Badge>
                  </div>
                  <p className="text-sm text-slate-600">
                    <LocalTime value={delivery.createdAt} /> · {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
                    {delivery.lastStatusCode !== null ? <> · answered {delivery.lastStatusCode}</> : null}
                    {delivery.durationMs !== null ? <> · {delivery.durationMs} ms</> : null}
                  </p>
                  {delivery.error ? <p className="text-sm text-red-700">{delivery.error}</p> : null}
                  {delivery.status === "pending" && delivery.nextAttemptAt && delivery.attempts > 0 ? (
                    <p className="text-sm text-slate-600">
                      Next attempt <LocalTime value={delivery.nextAttemptAt} />
                    </p>
                  ) : null}
                  {delivery.responseExcerpt ? (
                    <details className="text-sm">
                      <summary className="cursor-pointer text-slate-700">Answer</summary>
                      <pre className="mt-1 max-h-48 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">{delivery.responseExcerpt}</pre>
                    </details>
                  ) : null}
                </div>
                <Button variant="secondary" className="shrink-0 self-start" disabled={resending === delivery.id} onClick={() => resend(delivery.id)}>
                  {resending === delivery.id ? "Resending…" : "Resend"}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <Link href={`?cursor=${encodeURIComponent(nextCursor)}`} className="inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
          Older deliveries
        </Link>
      ) : null}
    </main>
  );
}
