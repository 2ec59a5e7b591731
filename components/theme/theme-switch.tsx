"use client";

import { useState } from "react";
import { THEME_PREFERENCES, type ThemePreference } from "@/lib/platform/theme/preference";
import { applyTheme, THEME_LABELS } from "./apply-theme";

export type ThemeSwitchLabels = { label: string } & Record<ThemePreference, string>;

const ENGLISH: ThemeSwitchLabels = { label: "Colour theme", ...THEME_LABELS };

/**
 * System / light / dark as a radio group (arrow keys move between the three, Tab leaves): the
 * portal's footer carries it, in the page's language. `initial` is what the server read from the
 * cookie.
 */
export function ThemeSwitch({ initial, labels = ENGLISH }: { initial: ThemePreference; labels?: ThemeSwitchLabels }) {
  const [preference, setPreference] = useState(initial);
  return (
    <div role="radiogroup" aria-label={labels.label} className="inline-flex rounded-md border border-slate-200 bg-white p-0.5 text-xs" data-testid="theme-switch">
      {THEME_PREFERENCES.map((option) => (
        <label
          key={option}
          className="cursor-pointer rounded px-2 py-1 text-slate-600 outline-offset-1 select-none hover:text-slate-900 has-checked:bg-slate-100 has-checked:font-medium has-checked:text-slate-900 has-focus-visible:outline-2 has-focus-visible:outline-(--focus-ring)"
        >
          <input
            type="radio"
            name="theme"
            value={option}
            checked={preference === option}
            onChange={() => {
              setPreference(option);
              applyTheme(option);
            }}
            className="sr-only"
          />
          {labels[option]}
        </label>
      ))}
    </div>
  );
}
