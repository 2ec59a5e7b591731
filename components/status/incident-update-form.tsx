"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ComponentStatus, IncidentImpact, IncidentStatus } from "@/lib/generated/prisma/enums";
import { allowedIncidentStatuses, INCIDENT_IMPACTS } from "@/lib/domain/status/incident-rules";
import { AffectedComponentsField } from "./affected-components-field";
import { LabelOptions, MessageField } from "./form-parts";
import { updateIncidentAction } from "@/lib/surfaces/actions/dashboard/status";
import { IMPACT_LABELS, INCIDENT_STATUS_LABELS, STATUS_FOR_IMPACT } from "./status-labels";

const FIELDS = new Set(["status", "impact", "components", "message"]);

type IncidentUpdateFormProps = {
  slug: string;
  incident: { id: string; status: IncidentStatus; impact: IncidentImpact; componentIds: string[] };
  components: { id: string; name: string; status: ComponentStatus }[];
};

/**
 * Posts an update: a message, optionally a new status (forward only), impact and component
 * statuses. Only changed component statuses are sent; resolving restores the others.
 */
export function IncidentUpdateForm({ slug, incident, components }: IncidentUpdateFormProps) {
  const toast = useToast();
  const statuses = allowedIncidentStatuses(incident.status);
  const [status, setStatus] = useState<IncidentStatus>(incident.status);
  const [impact, setImpact] = useState<IncidentImpact>(incident.impact);
  const current = Object.fromEntries(components.filter((component) => incident.componentIds.includes(component.id)).map((component) => [component.id, component.status]));
  const [affected, setAffected] = useState<Record<string, ComponentStatus>>(current);
  const [message, setMessage] = useState("");
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; the update was not posted. Try again.");
  const resolving = status === "resolved";

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!message.trim()) return setErrors({ message: resolving ? "Say what was fixed." : "Write what changed." });
    const changes = Object.entries(affected)
      .filter(([id, componentStatus]) => current[id] !== componentStatus)
      .map(([id, componentStatus]) => ({ id, status: componentStatus }));
    await submit(
      () => updateIncidentAction(slug, incident.id, { status, impact, message, components: changes }),
      () => {
        setMessage("");
        toast.success(resolving ? "The incident is resolved; its components are restored." : "Update posted.");
      },
    );
  }

  const formAlert = formError(FIELDS);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} aria-labelledby="update-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="update-heading" className="font-medium text-slate-900">
        Post an update
      </h2>
      {formAlert ? <Alert>{formAlert}</Alert> : null}
      {errors.status ? <Alert>{errors.status}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Status" name="status" value={status} onChange={(event) => setStatus(event.target.value as IncidentStatus)} disabled={pending} hint="An incident only moves forward.">
          <LabelOptions values={statuses} labels={INCIDENT_STATUS_LABELS} />
        </SelectField>
        <SelectField label="Impact" name="impact" value={impact} onChange={(event) => setImpact(event.target.value as IncidentImpact)} error={errors.impact} disabled={pending}>
          <LabelOptions values={INCIDENT_IMPACTS} labels={IMPACT_LABELS} />
        </SelectField>
      </div>
      <AffectedComponentsField
        components={components}
        value={affected}
        onChange={setAffected}
        defaultStatus={STATUS_FOR_IMPACT[impact]}
        locked={new Set(incident.componentIds)}
        error={errors.components}
        disabled={pending}
      />
      {resolving ? <p className="text-sm text-slate-600">Resolving sets the affected components back to what they were before the incident, except those you change here.</p> : null}
      <MessageField
        value={message}
        onChange={setMessage}
        error={errors.message}
        pending={pending}
        placeholder={resolving ? "The fix is deployed and error rates are back to normal." : "We found the cause and are rolling out a fix."}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} className="sm:min-w-32">
          {pending ? "Posting…" : resolving ? "Resolve incident" : "Post update"}
        </Button>
        {!resolving ? (
          <Button variant="secondary" disabled={pending} onClick={() => setStatus("resolved")}>
            Resolve…
          </Button>
        ) : null}
      </div>
    </form>
  );
}
