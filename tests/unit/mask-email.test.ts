import { describe, expect, it } from "vitest";
import { maskEmail } from "@/lib/domain/users/mask-email";

// What another account sees of an invited address: enough for its owner to recognise, no more.
describe("maskEmail", () => {
  it("keeps the first character and the domain, dots in between", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j•••@example.com");
    expect(maskEmail("j@example.com")).toBe("j•••@example.com");
  });

  it("tells nothing of the local part's length", () => {
    expect(maskEmail("jo@example.com")).toBe(maskEmail("jonathan.smith-jones@example.com"));
  });

  it("keeps a first character outside the BMP whole, and masks the last @'s local part", () => {
    expect(maskEmail("😀x@example.com")).toBe("😀•••@example.com");
    expect(maskEmail('"a@b"@example.com')).toBe('"•••@example.com');
  });

  it("masks everything of what is not an address", () => {
    expect(maskEmail("no-at-sign")).toBe("•••");
    expect(maskEmail("@example.com")).toBe("•••");
  });
});
