"use client";

import { useId } from "react";
import type { Role } from "@/lib/generated/prisma/enums";
import type { Scope } from "@/lib/domain/access/roles";
import { PRESETS, SCOPE_GROUPS, scopeRefusal, type PresetId } from "./scope-groups";

type ScopePickerProps = {
  role: Role;
  value: Scope[];
  onChange: (scopes: Scope[]) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * Scopes grouped by resource, read and write side by side, with the two presets. A scope above the
 * creator's role is disabled and says why (the server refuses it anyway).
 */
export function ScopePicker({ role, value, onChange, error, disabled = false }: ScopePickerProps) {
  const id = useId();
  const selected = new Set(value);
  const matches = (preset: PresetId) => {
    const scopes = PRESETS[preset].scopes(role);
    return scopes.length === value.length && scopes.every((scope) => selected.has(scope));
  };
  const toggle = (scope: Scope, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(scope);
    else next.delete(scope);
    onChange([...next]);
  };

  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Permissions</legend>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-500">
        A key can never do more than its creator&apos;s current role allows.
      </p>
      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Presets">
        {(Object.keys(PRESETS) as PresetId[]).map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={matches(preset)}
            onClick={() => onChange(PRESETS[preset].scopes(role))}
            className={`rounded-full border px-3 py-1 text-xs font-medium ${
              matches(preset) ? "border-indigo-600 bg-indigo-50 text-indigo-700" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            }`}
          >
            {PRESETS[preset].label}
          </button>
        ))}
        <button
          type="button"
          onClick={() => onChange([])}
          className="rounded-full px-3 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 disabled:text-slate-400"
          disabled={value.length === 0}
        >
          Clear
        </button>
      </div>
      <div className={`mt-3 divide-y divide-slate-200 rounded-lg border ${error ? "border-red-500" : "border-slate-200"}`}>
        {SCOPE_GROUPS.map((group) => (
          <div key={group.resource} className="grid grid-cols-2 gap-x-4 gap-y-2 px-3 py-2.5 sm:grid-cols-[minmax(0,1fr)_8.5rem_8.5rem] sm:items-center">
            <div className="col-span-2 sm:col-span-1">
              <p className="text-sm font-medium text-slate-900">{group.label}</p>
              <p className="text-xs text-slate-500">{group.description}</p>
            </div>
            {[group.read, group.write].map((scope, index) =>
              scope ? (
                <ScopeBox key={scope} scope={scope} checked={selected.has(scope)} refusal={scopeRefusal(role, scope)} onToggle={toggle} />
              ) : (
                <span key={index} className="hidden text-xs text-slate-400 sm:block" aria-hidden="true">
                  no write access
                </span>
              ),
            )}
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ScopeBox({ scope, checked, refusal, onToggle }: { scope: Scope; checked: boolean; refusal: string | null; onToggle: (scope: Scope, on: boolean) => void }) {
  const id = useId();
  return (
    <div>
      <label className={`inline-flex items-center gap-2 text-sm ${refusal ? "cursor-not-allowed text-slate-400" : "cursor-pointer text-slate-800"}`}>
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-indigo-600"
          checked={checked && !refusal}
          disabled={Boolean(refusal)}
          aria-describedby={refusal ? `${id}-why` : undefined}
          onChange={(event) => onToggle(scope, event.target.checked)}
        />
        <span className="font-mono text-xs">{scope}</span>
      </label>
      {refusal ? (
        <p id={`${id}-why`} className="mt-0.5 text-xs text-amber-700">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
