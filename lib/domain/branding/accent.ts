import { z } from "zod";

// The portal's accent colour and the text that goes on it. Contrast follows WCAG 2: relative
// luminance of sRGB, ratio (lighter + 0.05) / (darker + 0.05).

export const ACCENT_MESSAGE = "Enter a colour as #RRGGBB (for example #4f46e5).";

/** "#abc", "#aabbcc" or "aabbcc" in any case; stored as "#aabbcc". */
export const accentColorSchema = z
  .string({ message: ACCENT_MESSAGE })
  .trim()
  .regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, ACCENT_MESSAGE)
  .transform((value) => normalizeHex(value));

function normalizeHex(value: string): string {
  const digits = value.replace(/^#/, "").toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits}`;
}

function channels(hex: string): [number, number, number] {
  const digits = normalizeHex(hex).slice(1);
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255) as [number, number, number];
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// Black rather than a softer near-black: for mid-tone accents only pure black keeps 4.5:1.
export const TEXT_LIGHT = "#ffffff";
export const TEXT_DARK = "#000000";

/** White or black, whichever reads better on the accent (every accent gets at least 4.5:1 from one of them). */
export function textOnAccent(accent: string): string {
  return contrastRatio(accent, TEXT_LIGHT) >= contrastRatio(accent, TEXT_DARK) ? TEXT_LIGHT : TEXT_DARK;
}

/** The hover shade: a little away from the text colour (darker under white, lighter under black), so contrast only grows. */
export function accentHover(accent: string): string {
  const toward = textOnAccent(accent) === TEXT_LIGHT ? 0 : 1;
  const mixed = channels(accent).map((c) => Math.round((c * 0.85 + toward * 0.15) * 255));
  return `#${mixed.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** The CSS variables the portal's wrapper sets (globals.css paints the filled buttons with them). */
export function accentStyle(accent: string): Record<"--accent" | "--accent-hover" | "--on-accent", string> {
  return { "--accent": accent, "--accent-hover": accentHover(accent), "--on-accent": textOnAccent(accent) };
}
