"use client";

import type { ComponentStatus } from "@/lib/generated/prisma/enums";
import { COMPONENT_STATUSES } from "@/lib/domain/status/incident-rules";
import { LabelOptions } from "./form-parts";
import { STATUS_LABELS } from "./status-labels";

type Option = { id: string; name: string; status: ComponentStatus };

type AffectedComponentsFieldProps = {
  components: Option[];
  /** Chosen components and the status each is set to. */
  value: Record<string, ComponentStatus>;
  onChange: (value: Record<string, ComponentStatus>) => void;
  /** What a newly ticked component is set to. */
  defaultStatus: ComponentStatus;
  /** Already affected (an incident update): always ticked, only their status can change. */
  locked?: ReadonlySet<string>;
  error?: string;
  disabled?: boolean;
};

/** Which components an incident affects, each with the status it puts them in. */
export function AffectedComponentsField({ components, value, onChange, defaultStatus, locked = new Set(), error, disabled }: AffectedComponentsFieldProps) {
  if (components.length === 0) {
    return <p className="text-sm text-slate-600">There are no components to mark as affected. Add them under Components.</p>;
  }
  function toggle(id: string, checked: boolean) {
    const next = { ...value };
    if (checked) next[id] = defaultStatus;
    else delete next[id];
    onChange(next);
  }
  return (
    <fieldset className="space-y-2" aria-describedby={error ? "affected-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Affected components</legend>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {components.map((component) => {
          const checked = component.id in value;
          return (
            <li key={component.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
              <label className="flex min-w-0 flex-1 items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300"
                  checked={checked}
                  disabled={disabled || locked.has(component.id)}
                  onChange={(event) => toggle(component.id, event.target.checked)}
                />
                <span className="truncate">{component.name}</span>
              </label>
              {checked ? (
                <select
                  aria-label={`Status of ${component.name}`}
                  value={value[component.id]}
                  disabled={disabled}
                  onChange={(event) => onChange({ ...value, [component.id]: event.target.value as ComponentStatus })}
                  className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm sm:w-52"
                >
                  <LabelOptions values={COMPONENT_STATUSES} labels={STATUS_LABELS} />
                </select>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id="affected-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
