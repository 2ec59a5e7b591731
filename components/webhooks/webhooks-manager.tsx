"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { PlanMeter } from "@/components/settings/plan-meter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { useToast } from "@/components/ui/toast";
import type { Plan } from "@/lib/generated/prisma/enums";
import { planLimitMessage } from "@/lib/domain/plans/limits";
import type { WebhookView } from "@/lib/domain/webhooks/view";
import { deleteWebhookAction, rotateWebhookSecretAction, sendTestEventAction, updateWebhookAction } from "@/lib/surfaces/actions/dashboard/webhooks";
import { KIND_LABELS, WebhookFormDialog } from "./webhook-form-dialog";

/** urlHint: which addresses this server accepts, said beside the URL field. */
type Props = { slug: string; plan: Plan; used: number; limit: number | null; webhooks: WebhookView[]; urlHint: string };

type Revealed = { title: string; endpoint: WebhookView; secret: string };

export function WebhooksManager({ slug, plan, used, limit, webhooks, urlHint }: Props) {
  const toast = useToast();
  const router = useRouter();
  const [form, setForm] = useState<{ editing: WebhookView | null } | null>(null);
  // A secret between its creation (or rotation) and closing its dialog; never stored elsewhere.
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [rotating, setRotating] = useState<WebhookView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const atLimit = limit !== null && used >= limit;
  const limitMessage = atLimit ? planLimitMessage(plan, "webhookEndpoints") : null;

  async function run<T>(id: string, action: () => Promise<{ ok: true; data: T } | { ok: false; fieldErrors: Record<string, string> }>, done: (data: T) => void) {
    setBusy(id);
    try {
      const result = await action();
      if (!result.ok) toast.error(Object.values(result.fieldErrors)[0] ?? "That did not work. Try again.");
      else done(result.data);
    } catch {
      toast.error("The server did not answer. Check your connection and try again.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <main className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold tracking-tight">Webhooks</h1>
          <p className="mt-1 text-sm text-slate-600">
            Send this workspace&apos;s events — new posts, status changes, release notes, incidents — to your own systems, Slack or Discord as they
            happen. Messages are signed per{" "}
            <Link href="/docs/api#webhooks" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              Standard Webhooks
            </Link>{" "}
            and retried for about a day when your endpoint fails.
          </p>
        </div>
        <Button onClick={() => setForm({ editing: null })} className="shrink-0 self-start">
          Add webhook
        </Button>
      </div>

      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <PlanMeter used={used} limit={limit} plan={plan} label="webhook endpoints" testId="webhook-usage" />
        {limitMessage ? <p className="text-sm text-amber-800">{limitMessage}</p> : null}
      </div>

      {webhooks.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <h2 className="font-medium text-slate-900">No webhooks yet</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Add an endpoint to be told when something changes, instead of asking the API again and again.</p>
          <Button className="mt-4" variant="secondary" onClick={() => setForm({ editing: null })}>
            Add your first webhook
          </Button>
        </div>
      ) : (
        <section aria-labelledby="webhooks-heading">
          <h2 id="webhooks-heading" className="sr-only">
            Endpoints
          </h2>
          <ul className="space-y-3">
            {webhooks.map((endpoint) => (
              <li key={endpoint.id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="webhook-row">
                <div className="flex flex-col gap-3 2xl:flex-row 2xl:items-start 2xl:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
                    {endpoint.description ? <p className="text-sm text-slate-600">{endpoint.description}</p> : null}
                    <div className="flex flex-wrap items-center gap-2 pt-1">
                      {endpoint.enabled ? <Badge tone="green">Active</Badge> : endpoint.disabledReason ? <Badge tone="red">Turned off</Badge> : <Badge tone="amber">Paused</Badge>}
                      <Badge>{KIND_LABELS[endpoint.kind]}</Badge>
                      <span className="text-xs text-slate-600">{endpoint.eventTypes.length === 0 ? "All events" : endpoint.eventTypes.join(", ")}</span>
                    </div>
                    {endpoint.disabledReason ? <p className="text-sm text-red-700">Turned off by the server: {endpoint.disabledReason} Resume it once the receiver works.</p> : null}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Link href={`/w/${slug}/settings/webhooks/${endpoint.id}`} className="inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
                      Deliveries
                    </Link>
                    <Button
                      variant="secondary"
                      disabled={busy === endpoint.id}
                      onClick={() =>
                        run(endpoint.id, () => sendTestEventAction(slug, endpoint.id), () => {
                          toast.success("Test event queued. Its outcome shows in the deliveries.");
                          router.refresh();
                        })
                      }
                    >
                      Send test event
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busy === endpoint.id}
                      onClick={() =>
                        run(endpoint.id, () => updateWebhookAction(slug, endpoint.id, { enabled: !endpoint.enabled }), (saved) => {
                          toast.success(saved.enabled ? "Resumed: new events are sent again." : "Paused: nothing is sent until you resume it.");
                        })
                      }
                    >
                      {endpoint.enabled ? "Pause" : "Resume"}
                    </Button>
                    <Button variant="secondary" onClick={() => setForm({ editing: endpoint })}>
                      Edit
                    </Button>
                    {endpoint.kind === "standard" ? (
                      <Button variant="secondary" onClick={() => setRotating(endpoint)}>
                        Rotate secret
                      </Button>
                    ) : null}
                    <Button variant="danger" onClick={() => setDeleting(endpoint)}>
                      Delete
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <WebhookFormDialog
        open={form !== null}
        onClose={() => setForm(null)}
        slug={slug}
        editing={form?.editing ?? null}
        limitMessage={limitMessage}
        urlHint={urlHint}
        onCreated={(created) => {
          setForm(null);
          // Slack and Discord post the message themselves and check no signature: a secret to keep
          // would only puzzle whoever added the endpoint.
          if (created.kind === "standard") setRevealed({ title: "Your webhook's signing secret", endpoint: created, secret: created.secret });
          else toast.success(`${KIND_LABELS[created.kind]} added: events are posted to it as they happen.`);
        }}
        onSaved={() => {
          setForm(null);
          toast.success("Webhook saved.");
        }}
      />
      <Dialog open={revealed !== null} onClose={() => setRevealed(null)} title={revealed?.title ?? ""} description={revealed?.endpoint.url} closeOnOutsideClick={false} size="lg" testId="webhook-secret-dialog">
        {revealed ? (
          <SecretReveal
            secret={revealed.secret}
            label="Signing secret"
            note="It is stored encrypted and never shown again; if it is lost, rotate it."
            usage={
              <>
                Verify each message&apos;s <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">webhook-signature</code> with it, for
                example with the <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">standardwebhooks</code> library.
              </>
            }
            testId="webhook-secret"
            onClose={() => setRevealed(null)}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        tone="primary"
        onConfirm={async () => {
          if (!rotating) return null;
          const result = await rotateWebhookSecretAction(slug, rotating.id);
          if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The secret could not be rotated.";
          setRotating(null);
          setRevealed({ title: "Your webhook's new signing secret", endpoint: result.data, secret: result.data.secret });
          return null;
        }}
        onCancel={() => setRotating(null)}
        testId="rotate-secret-dialog"
      >
        <p>For 24 hours every message is signed with both the old and the new secret, so your receiver keeps working while you deploy the new one.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        pendingLabel="Deleting…"
        onConfirm={async () => {
          if (!deleting) return null;
          const result = await deleteWebhookAction(slug, deleting.id);
          if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The webhook could not be deleted.";
          toast.success("Webhook deleted.");
          setDeleting(null);
          return null;
        }}
        onCancel={() => setDeleting(null)}
        testId="delete-webhook-dialog"
      >
        <p>
          <span className="font-mono break-all">{deleting?.url}</span> receives nothing more, and its delivery log is deleted with it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </main>
  );
}
