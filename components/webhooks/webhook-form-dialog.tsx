"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogBody } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { Switch } from "@/components/ui/switch";
import { useActionForm } from "@/components/ui/use-action-form";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks/event-types";
import type { WebhookKindName } from "@/lib/domain/webhooks/schemas";
import type { WebhookView } from "@/lib/domain/webhooks/view";
import { createWebhookAction, updateWebhookAction } from "@/lib/surfaces/actions/dashboard/webhooks";

const FIELDS = new Set(["url", "description", "kind", "eventTypes", "enabled"]);

export const KIND_LABELS: Record<WebhookKindName, string> = { standard: "Signed JSON (Standard Webhooks)", slack: "Slack incoming webhook", discord: "Discord webhook" };

type Props = {
  open: boolean;
  onClose: () => void;
  slug: string;
  /** The endpoint being edited; null to add one. */
  editing: WebhookView | null;
  limitMessage: string | null;
  /** Which addresses this server accepts (development allows local ones). */
  urlHint: string;
  onCreated: (created: WebhookView & { secret: string }) => void;
  onSaved: () => void;
};

export function WebhookFormDialog({ open, onClose, editing, ...form }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title={editing ? "Edit webhook" : "Add a webhook"} description={editing ? editing.url : "Events of this workspace are POSTed to the URL as they happen."} size="lg" testId="webhook-form-dialog">
      <WebhookForm key={editing?.id ?? "new"} editing={editing} onCancel={onClose} {...form} />
    </Dialog>
  );
}

function WebhookForm({ slug, editing, limitMessage, urlHint, onCreated, onSaved, onCancel }: Omit<Props, "open" | "onClose"> & { onCancel: () => void }) {
  const [url, setUrl] = useState(editing?.url ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [kind, setKind] = useState<WebhookKindName>(editing?.kind ?? "standard");
  const [allEvents, setAllEvents] = useState((editing?.eventTypes.length ?? 0) === 0);
  const [eventTypes, setEventTypes] = useState<string[]>(editing?.eventTypes ?? []);
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const { errors, setErrors, pending, submit, formError } = useActionForm("The webhook could not be saved: the server did not answer. Check your connection and try again.");
  const eventError = errors.eventTypes ?? Object.entries(errors).find(([field]) => field.startsWith("eventTypes."))?.[1];
  const shown = new Set([...FIELDS, ...Object.keys(errors).filter((field) => field.startsWith("eventTypes."))]);

  function toggle(type: string, on: boolean) {
    setEventTypes((current) => (on ? [...current, type] : current.filter((entry) => entry !== type)));
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || (!editing && limitMessage)) return;
    if (!url.trim()) return setErrors({ url: "Enter the URL events are sent to." });
    if (!allEvents && eventTypes.length === 0) return setErrors({ eventTypes: "Choose at least one event, or all events." });
    const types = allEvents ? [] : WEBHOOK_EVENT_TYPES.filter((type) => eventTypes.includes(type));
    if (editing) {
      await submit(() => updateWebhookAction(slug, editing.id, { url, description, eventTypes: types, enabled }), onSaved);
    } else {
      await submit(() => createWebhookAction(slug, { url, description, kind, eventTypes: types, enabled }), onCreated);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-5">
        {!editing && limitMessage ? <Alert>{limitMessage} Delete an endpoint you no longer use to make room.</Alert> : null}
        {formError(shown) ? <Alert>{formError(shown)}</Alert> : null}
        <Field label="URL" name="url" type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://example.com/hooks/workspace" autoComplete="off" data-autofocus error={errors.url} readOnly={pending} hint={urlHint} />
        <Field label="Description" name="description" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={500} placeholder="e.g. CRM sync" error={errors.description} readOnly={pending} />
        {editing ? null : (
          <SelectField label="Format" name="kind" value={kind} onChange={(event) => setKind(event.target.value as WebhookKindName)} error={errors.kind} disabled={pending} hint="Slack and Discord get a readable message with a link back; the format cannot change later.">
            {(Object.keys(KIND_LABELS) as WebhookKindName[]).map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </SelectField>
        )}
        <fieldset aria-describedby={eventError ? "event-types-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 rounded border-slate-300 text-indigo-600" checked={allEvents} onChange={(event) => setAllEvents(event.target.checked)} disabled={pending} />
            All events, including ones added later
          </label>
          {allEvents ? null : (
            <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" className="size-4 rounded border-slate-300 text-indigo-600" checked={eventTypes.includes(type)} onChange={(event) => toggle(type, event.target.checked)} disabled={pending} />
                  <code className="font-mono text-xs">{type}</code>
                </label>
              ))}
            </div>
          )}
          {eventError ? (
            <p id="event-types-error" className="mt-1 text-sm text-red-700">
              {eventError}
            </p>
          ) : null}
        </fieldset>
        <Switch checked={enabled} onChange={setEnabled} label="Enabled" description="A paused endpoint receives nothing until it is resumed." disabled={pending} />
      </DialogBody>
      <DialogFormFooter onCancel={onCancel} pending={pending} label={editing ? "Save" : "Add webhook"} pendingLabel="Saving…" disabled={!editing && Boolean(limitMessage)} />
    </form>
  );
}
