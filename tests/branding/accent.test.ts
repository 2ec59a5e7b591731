import { describe, expect, it } from "vitest";
import { accentColorSchema, accentHover, ACCENT_MESSAGE, contrastRatio, relativeLuminance, textOnAccent } from "@/lib/domain/branding/accent";

describe("accent colour", () => {
  it.each([
    ["#4F46E5", "#4f46e5"],
    ["4f46e5", "#4f46e5"],
    [" #abc ", "#aabbcc"],
  ])("accepts %j as %j", (input, stored) => {
    expect(accentColorSchema.parse(input)).toBe(stored);
  });

  it.each(["red", "#12345", "#1234567", "#ggg000", "rgb(0,0,0)", "", "#4f46e5;}body{", 42])("refuses %j with the field message", (input) => {
    const result = accentColorSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ACCENT_MESSAGE);
  });

  it("computes WCAG luminance and contrast for known pairs", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 5);
    expect(relativeLuminance("#000000")).toBe(0);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    // Published reference values: #777777 on white is 4.48:1, indigo-600 on white 6.29:1.
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#4f46e5", "#ffffff")).toBeCloseTo(6.29, 1);
  });

  it.each([
    ["#4f46e5", "#ffffff"],
    ["#000000", "#ffffff"],
    ["#1e3a8a", "#ffffff"],
    ["#ffffff", "#000000"],
    ["#facc15", "#000000"],
    ["#22c55e", "#000000"],
    ["#777777", "#000000"],
  ])("text on %s is %s", (accent, text) => {
    expect(textOnAccent(accent)).toBe(text);
  });

  it("every accent keeps at least 4.5:1 with its text, the hover shade too", () => {
    for (let value = 0; value < 0x1000000; value += 0x0f0f0f) {
      const accent = `#${value.toString(16).padStart(6, "0")}`;
      expect(contrastRatio(accent, textOnAccent(accent))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(accentHover(accent), textOnAccent(accent))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
