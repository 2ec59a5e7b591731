import { cookies } from "next/headers";
import { parseThemePreference, THEME_COOKIE, type ThemePreference } from "./preference";

/** This request's theme preference, from its cookie. */
export async function currentThemePreference(): Promise<ThemePreference> {
  return parseThemePreference((await cookies()).get(THEME_COOKIE)?.value);
}
