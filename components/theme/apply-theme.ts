import { themeAttribute, themeCookie, type ThemePreference } from "@/lib/platform/theme/preference";

/** Remembers the choice (cookie, read by the server on the next page) and shows it at once. */
export function applyTheme(preference: ThemePreference) {
  document.cookie = themeCookie(preference, window.location.protocol === "https:");
  const attribute = themeAttribute(preference);
  if (attribute) document.documentElement.dataset.theme = attribute;
  else delete document.documentElement.dataset.theme;
}

export const THEME_LABELS: Record<ThemePreference, string> = { system: "System", light: "Light", dark: "Dark" };
