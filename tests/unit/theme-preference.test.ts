import { describe, expect, it } from "vitest";
import { parseThemePreference, themeAttribute, themeCookie } from "@/lib/platform/theme/preference";

describe("theme preference", () => {
  it("reads the cookie, anything unknown being system", () => {
    expect(parseThemePreference("dark")).toBe("dark");
    expect(parseThemePreference("light")).toBe("light");
    expect(parseThemePreference(undefined)).toBe("system");
    expect(parseThemePreference("dark; other")).toBe("system");
    expect(themeAttribute("system")).toBeUndefined();
    expect(themeAttribute("dark")).toBe("dark");
  });

  it("remembers a choice for a year and forgets system", () => {
    expect(themeCookie("dark", true)).toBe("theme=dark; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(themeCookie("system", false)).toBe("theme=system; Path=/; Max-Age=0; SameSite=Lax");
  });
});
