import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeCallbackUrl, safePortalPath, safeRedirectTarget } from "@/lib/platform/auth/safe-callback";

// The rule resolves against the configured public URL, as the running app does.
const savedPublicUrl = process.env.NEXTAUTH_URL;
beforeAll(() => {
  process.env.NEXTAUTH_URL = "https://app.example.com";
});
afterAll(() => {
  if (savedPublicUrl === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = savedPublicUrl;
});

// callbackUrl values as the page receives them (already decoded once
// from the query string), each a known way to leave the site or to crash a redirect.
const BYPASSES: Array<[string, string]> = [
  ["tab after the slash", "/\t/evil.example"],
  ["newline", "/\n/evil.example"],
  ["carriage return", "/\r/evil.example"],
  ["newline mid-path", "/w/acme\nSet-Cookie: x=1"],
  ["NUL", "/\u0000/evil.example"],
  ["backslash", "/\\evil.example"],
  ["backslash first", "\\\\evil.example"],
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with path", "//evil.example/w/acme"],
  ["triple slash", "///evil.example"],
  ["encoded slash", "/%2Fevil.example"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["encoded tab, double-encoded", "/%09/evil.example"],
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
  // Dot segments that fold away after the one-slash check, leaving "//evil.example" (a
  // black-box audit reached another site with each of these, signed in and signed out).
  ["dot segment", "/.//evil.example"],
  ["dot-dot segment", "/..//evil.example"],
  ["encoded dot segment", "/%2e//evil.example"],
  ["encoded dot segment, upper case", "/%2E//evil.example"],
  ["encoded dot-dot segment", "/%2e%2e//evil.example"],
  ["half-encoded dot-dot segment", "/.%2e//evil.example"],
  ["dot-dot after a segment", "/a/..//evil.example"],
  ["dot-dot after two segments", "/a/b/../..//evil.example"],
  ["dot segment then backslash", "/./\\evil.example"],
  ["dot segments with encoded slashes", "/%2e%2e%2f%2fevil.example"],
  ["double-encoded slashes", "/%252F%252Fevil.example"],
  ["double-encoded dot segment", "/%252e//evil.example"],
  ["encoded backslash, lower case", "/%5cevil.example"],
  ["slash backslash", "/\\/evil.example"],
  ["tab inside the scheme", "java\tscript:alert(1)"],
  ["javascript: upper case", "JAVASCRIPT:alert(1)"],
  ["javascript: after a newline", "\njavascript:alert(1)"],
  ["javascript: mixed case", "jAvAsCrIpT:alert(1)"],
  ["vbscript:", "vbscript:msgbox(1)"],
  ["http to another host", "http://evil.example"],
  ["https to another host", "https://evil.example"],
  ["our host over another scheme", "http://app.example.com/w/acme"],
  ["our host on another port", "https://app.example.com:8443/w/acme"],
  ["our host with credentials", "https://user:pass@app.example.com/w/acme"],
  ["our host as a prefix of another", "https://app.example.com.evil.example/"],
  ["our host then @", "https://app.example.com@evil.example/"],
  ["our host, then dot segments", "https://app.example.com/.//evil.example"],
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
    expect(safeCallbackUrl("/p/acme/boards/ideas?sort=new&status=open")).toBe("/p/acme/boards/ideas?sort=new&status=open");
    expect(safeCallbackUrl("/w/acme/posts?q=%2F%2Fevil.example")).toBe("/w/acme/posts?q=%2F%2Fevil.example");
  });

  it("normalises harmless dot segments into the path they name", () => {
    expect(safeCallbackUrl("/w/acme/../acme/posts")).toBe("/w/acme/posts");
    expect(safeCallbackUrl("/./w/acme")).toBe("/w/acme");
  });

  it("an absolute URL on the public origin counts as its path", () => {
    expect(safeCallbackUrl("https://app.example.com/w/acme?tab=members")).toBe("/w/acme?tab=members");
  });

  it("answers plain ASCII for non-ASCII paths, so the Location header cannot crash", () => {
    expect(safeCallbackUrl("/。")).toBe("/%E3%80%82");
    expect(safeCallbackUrl("/w/acme?q=café")).toBe("/w/acme?q=caf%C3%A9");
    for (const [, value] of BYPASSES) expect(safeCallbackUrl(value)).toMatch(/^[\x21-\x7e]+$/);
  });

  it("honours another fallback", () => {
    expect(safeCallbackUrl("//evil.example", "/sign-in")).toBe("/sign-in");
  });
});

describe("safeRedirectTarget (next-auth's redirect callback)", () => {
  it("keeps our own absolute URLs and paths", () => {
    expect(safeRedirectTarget("https://app.example.com/w/acme")).toBe("https://app.example.com/w/acme");
    expect(safeRedirectTarget("/w/acme")).toBe("https://app.example.com/w/acme");
  });
  it("sends everything else to the workspace list", () => {
    expect(safeRedirectTarget("https://evil.example/w/acme")).toBe("https://app.example.com/workspaces");
    expect(safeRedirectTarget("https://app.example.com.evil.example/")).toBe("https://app.example.com/workspaces");
    expect(safeRedirectTarget("/\t/evil.example")).toBe("https://app.example.com/workspaces");
    expect(safeRedirectTarget("https://app.example.com/.//evil.example")).toBe("https://app.example.com/workspaces");
    expect(safeRedirectTarget("/a/..//evil.example")).toBe("https://app.example.com/workspaces");
  });
  it("answers on the configured public URL, whatever host the request named", () => {
    process.env.NEXTAUTH_URL = "https://feedback.example.org/";
    try {
      expect(safeRedirectTarget("/w/acme")).toBe("https://feedback.example.org/w/acme");
      expect(safeRedirectTarget("https://app.example.com/w/acme")).toBe("https://feedback.example.org/workspaces");
    } finally {
      process.env.NEXTAUTH_URL = "https://app.example.com";
    }
  });
});

describe("safePortalPath", () => {
  it("keeps a portal page's path on this site, without its query", () => {
    expect(safePortalPath("/p/acme")).toBe("/p/acme");
    expect(safePortalPath("/p/acme/de/boards/ideas?sort=top#x")).toBe("/p/acme/de/boards/ideas");
  });

  it("refuses what is not a portal page, or not on this site", () => {
    for (const value of ["/workspaces", "/pa/acme", "https://evil.example/p/acme", "//evil.example/p/acme", "/.//evil.example", "", null, 42]) {
      expect(safePortalPath(value)).toBeNull();
    }
  });
});
