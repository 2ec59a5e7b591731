"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogBody } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Field } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { MessageField } from "./form-parts";
import { fromLocalInput, localTimeZone, toLocalInput } from "./local-time";
import { scheduleMaintenanceAction } from "@/lib/surfaces/actions/dashboard/status";

const FIELDS = new Set(["title", "startsAt", "endsAt", "componentIds", "message"]);
const HOUR_MS = 3_600_000;

type MaintenanceDialogProps = {
  open: boolean;
  onClose: () => void;
  slug: string;
  components: { id: string; name: string }[];
  onScheduled: (maintenance: { title: string; state: string }) => void;
};

export function MaintenanceDialog({ open, onClose, ...form }: MaintenanceDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Schedule maintenance"
      description="Shown as upcoming on the status page; its components read “under maintenance” while it runs, and go back on their own when it ends."
      size="lg"
      testId="maintenance-dialog"
    >
      <MaintenanceForm {...form} onCancel={onClose} />
    </Dialog>
  );
}

function MaintenanceForm({ slug, components, onScheduled, onCancel }: Omit<MaintenanceDialogProps, "open" | "onClose"> & { onCancel: () => void }) {
  // The next full hour, for an hour: a starting point people adjust rather than type from nothing.
  const [defaults] = useState(() => {
    const start = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS);
    return { start: toLocalInput(start), end: toLocalInput(new Date(start.getTime() + HOUR_MS)) };
  });
  const [title, setTitle] = useState("");
  const [startsAt, setStartsAt] = useState(defaults.start);
  const [endsAt, setEndsAt] = useState(defaults.end);
  const [chosen, setChosen] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; nothing was scheduled. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const start = fromLocalInput(startsAt);
    const end = fromLocalInput(endsAt);
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = "Title must not be empty.";
    if (!start) local.startsAt = "Choose when the work starts.";
    if (!end) local.endsAt = "Choose when the work ends.";
    else if (start && end <= start) local.endsAt = "The window must end after it starts.";
    if (chosen.length === 0) local.componentIds = "Choose at least one component.";
    if (Object.keys(local).length) return setErrors(local);
    await submit(() => scheduleMaintenanceAction(slug, { title, message, startsAt: start!, endsAt: end!, componentIds: chosen }), onScheduled);
  }

  const formAlert = formError(FIELDS);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-4">
        {formAlert ? <Alert>{formAlert}</Alert> : null}
        <Field label="Title" name="title" value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} maxLength={200} autoComplete="off" data-autofocus placeholder="e.g. Database upgrade" readOnly={pending} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Starts" name="startsAt" type="datetime-local" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} error={errors.startsAt} readOnly={pending} />
          <Field label="Ends" name="endsAt" type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} error={errors.endsAt} readOnly={pending} />
        </div>
        <p className="-mt-2 text-xs text-slate-500">Times are in your time zone ({localTimeZone()}); the status page shows them in UTC.</p>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Components under maintenance</legend>
          {components.length === 0 ? <p className="text-sm text-slate-600">Add components first: a window says which of them the work affects.</p> : null}
          <ul className="grid gap-1 sm:grid-cols-2">
            {components.map((component) => (
              <li key={component.id}>
                <label className="flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-900 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300"
                    checked={chosen.includes(component.id)}
                    disabled={pending}
                    onChange={(event) => setChosen(event.target.checked ? [...chosen, component.id] : chosen.filter((id) => id !== component.id))}
                  />
                  {component.name}
                </label>
              </li>
            ))}
          </ul>
          {errors.componentIds ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.componentIds}
            </p>
          ) : null}
        </fieldset>
        <MessageField value={message} onChange={setMessage} error={errors.message} pending={pending} hint="Optional. What will happen and what users may notice." />
      </DialogBody>
      <DialogFormFooter onCancel={onCancel} pending={pending} label="Schedule" pendingLabel="Scheduling…" disabled={components.length === 0} />
    </form>
  );
}
