// The visitor's colour scheme: "system" follows the operating system (prefers-color-scheme), the
// others force one. Kept in a cookie so the server renders <html data-theme> and the first paint
// is already right, with no script before it.
export const THEME_COOKIE = "theme";
export const THEME_PREFERENCES = ["system", "light", "dark"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** A cookie's value as a preference: anything unknown (or absent) is "system". */
export function parseThemePreference(value: string | undefined | null): ThemePreference {
  return (THEME_PREFERENCES as readonly string[]).includes(value ?? "") ? (value as ThemePreference) : "system";
}

/** What <html data-theme> says: nothing for "system", so the media query decides. */
export function themeAttribute(preference: ThemePreference): "light" | "dark" | undefined {
  return preference === "system" ? undefined : preference;
}

/** The Set-Cookie text the switch writes in the browser: a year, the whole site, never sent cross-site. */
export function themeCookie(preference: ThemePreference, secure: boolean): string {
  const maxAge = preference === "system" ? 0 : 60 * 60 * 24 * 365;
  return `${THEME_COOKIE}=${preference}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
