"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogBody } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ComponentStatus, IncidentImpact } from "@/lib/generated/prisma/enums";
import { INCIDENT_IMPACTS, OPENING_STATUSES } from "@/lib/domain/status/incident-rules";
import { AffectedComponentsField } from "./affected-components-field";
import { LabelOptions, MessageField } from "./form-parts";
import { createIncidentAction } from "@/lib/surfaces/actions/dashboard/status";
import { IMPACT_LABELS, INCIDENT_STATUS_LABELS, STATUS_FOR_IMPACT } from "./status-labels";

const FIELDS = new Set(["title", "status", "impact", "components", "message"]);
type OpeningStatus = (typeof OPENING_STATUSES)[number];

type OpenIncidentDialogProps = {
  open: boolean;
  onClose: () => void;
  slug: string;
  components: { id: string; name: string; status: ComponentStatus }[];
  onOpened: (incident: { id: string; title: string }) => void;
};

export function OpenIncidentDialog({ open, onClose, ...form }: OpenIncidentDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Open an incident" description="It shows on the status page at once, with this first message." size="lg" testId="open-incident-dialog">
      <OpenIncidentForm {...form} onCancel={onClose} />
    </Dialog>
  );
}

function OpenIncidentForm({ slug, components, onOpened, onCancel }: Omit<OpenIncidentDialogProps, "open" | "onClose"> & { onCancel: () => void }) {
  const [title, setTitle] = useState("");
  const [status, setStatus] = useState<OpeningStatus>("investigating");
  const [impact, setImpact] = useState<IncidentImpact>("minor");
  const [affected, setAffected] = useState<Record<string, ComponentStatus>>({});
  const [message, setMessage] = useState("");
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; the incident was not opened. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = "Title must not be empty.";
    if (!message.trim()) local.message = "Write a first message: what is happening, and what you are doing about it.";
    if (Object.keys(local).length) return setErrors(local);
    const changes = Object.entries(affected).map(([id, componentStatus]) => ({ id, status: componentStatus }));
    await submit(() => createIncidentAction(slug, { title, status, impact, message, components: changes }), onOpened);
  }

  const formAlert = formError(FIELDS);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-4">
        {formAlert ? <Alert>{formAlert}</Alert> : null}
        <Field label="Title" name="title" value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} maxLength={200} autoComplete="off" data-autofocus placeholder="e.g. Elevated API error rates" readOnly={pending} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Status" name="status" value={status} onChange={(event) => setStatus(event.target.value as OpeningStatus)} error={errors.status} disabled={pending}>
            <LabelOptions values={OPENING_STATUSES} labels={INCIDENT_STATUS_LABELS} />
          </SelectField>
          <SelectField
            label="Impact"
            name="impact"
            value={impact}
            onChange={(event) => setImpact(event.target.value as IncidentImpact)}
            error={errors.impact}
            disabled={pending}
            hint="Drives the overall indicator while the incident is open."
          >
            <LabelOptions values={INCIDENT_IMPACTS} labels={IMPACT_LABELS} />
          </SelectField>
        </div>
        <AffectedComponentsField components={components} value={affected} onChange={setAffected} defaultStatus={STATUS_FOR_IMPACT[impact]} error={errors.components} disabled={pending} />
        <MessageField value={message} onChange={setMessage} error={errors.message} pending={pending} rows={4} placeholder="We are investigating elevated error rates on the API." />
      </DialogBody>
      <DialogFormFooter onCancel={onCancel} pending={pending} label="Open incident" pendingLabel="Opening…" />
    </form>
  );
}
