import { describe, expect, it } from "vitest";
import { safeCallbackUrl, safeRedirectTarget } from "@/lib/auth/safe-callback";

// callbackUrl values as the page receives them (already decoded once
// from the query string), each a known way to leave the site or to crash a redirect.
const BYPASSES: Array<[string, string]> = [
  ["tab after the slash (finding 2)", "/\t/evil.example"],
  ["newline", "/\n/evil.example"],
  ["carriage return", "/\r/evil.example"],
  ["newline mid-path (finding 10)", "/w/acme\nSet-Cookie: x=1"],
  ["NUL", "/\u0000/evil.example"],
  ["backslash", "/\\evil.example"],
  ["backslash first", "\\\\evil.example"],
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with path", "//evil.example/w/acme"],
  ["triple slash", "///evil.example"],
  ["encoded slash", "/%2Fevil.example"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["encoded tab (finding 2 sent double-encoded)", "/%09/evil.example"],
  ["encoded newline", "/%0A/evil.example"],
  ["encoded carriage return", "/%0D/evil.example"],
  ["full-width slashes", "/／evil.example"],
  ["javascript:", "javascript:alert(1)"],
  ["JavaScript: with spaces", " javascript:alert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["absolute URL to another host", "https://evil.example/w/acme"],
  ["scheme-relative with credentials", "//user@evil.example"],
  ["absolute URL with a full-width dot", "https://evil。example"],
  ["protocol-relative with a full-width dot", "//evil。example"],
  ["broken percent-encoding", "/%E3%80"],
  ["no leading slash", "workspaces"],
  ["empty", ""],
];

describe("safeCallbackUrl", () => {
  it.each(BYPASSES)("refuses %s", (_, value) => {
    expect(safeCallbackUrl(value)).toBe("/workspaces");
  });

  it("refuses what is not a string and what is absurdly long", () => {
    expect(safeCallbackUrl(undefined)).toBe("/workspaces");
    expect(safeCallbackUrl(["/w/acme"])).toBe("/workspaces");
    expect(safeCallbackUrl(`/${"a".repeat(3000)}`)).toBe("/workspaces");
  });

  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeCallbackUrl("/w/acme/settings/members")).toBe("/w/acme/settings/members");
    expect(safeCallbackUrl("/p/acme/posts/abc?sort=top#comments")).toBe("/p/acme/posts/abc?sort=top#comments");
    expect(safeCallbackUrl("/invitations/abc_DEF-123")).toBe("/invitations/abc_DEF-123");
  });

  it("answers plain ASCII for non-ASCII paths, so the Location header cannot crash (finding 10)", () => {
    expect(safeCallbackUrl("/。")).toBe("/%E3%80%82");
    expect(safeCallbackUrl("/w/acme?q=café")).toBe("/w/acme?q=caf%C3%A9");
    for (const [, value] of BYPASSES) expect(safeCallbackUrl(value)).toMatch(/^[\x21-\x7e]+$/);
  });

  it("honours another fallback", () => {
    expect(safeCallbackUrl("//evil.example", "/sign-in")).toBe("/sign-in");
  });
});

describe("safeRedirectTarget (next-auth's redirect callback)", () => {
  const base = "https://app.example.com";
  it("keeps our own absolute URLs and paths", () => {
    expect(safeRedirectTarget("https://app.example.com/w/acme", base)).toBe("https://app.example.com/w/acme");
    expect(safeRedirectTarget("/w/acme", base)).toBe("https://app.example.com/w/acme");
  });
  it("sends everything else to the workspace list", () => {
    expect(safeRedirectTarget("https://evil.example/w/acme", base)).toBe("https://app.example.com/workspaces");
    expect(safeRedirectTarget("https://app.example.com.evil.example/", base)).toBe("https://app.example.com/workspaces");
    expect(safeRedirectTarget("/\t/evil.example", base)).toBe("https://app.example.com/workspaces");
  });
});
