import { describe, expect, it } from "vitest";
import { frameAncestors, isAllowedOrigin, normaliseOrigin, parseOriginList } from "@/lib/domain/widget/allowed-origins";

describe("the widget's allowed origins", () => {
  it("keeps scheme, host and port, lower-cased, the default port dropped", () => {
    expect(normaliseOrigin("https://App.Example.com")).toEqual({ ok: true, origin: "https://app.example.com" });
    expect(normaliseOrigin("https://app.example.com:443")).toEqual({ ok: true, origin: "https://app.example.com" });
    expect(normaliseOrigin("http://127.0.0.1:8080")).toEqual({ ok: true, origin: "http://127.0.0.1:8080" });
    expect(normaliseOrigin(" https://app.example.com/ ")).toEqual({ ok: true, origin: "https://app.example.com" });
    expect(normaliseOrigin("https://*.Example.com")).toEqual({ ok: true, origin: "https://*.example.com" });
  });

  it.each([
    ["app.example.com", "is not an origin"],
    ["https://app.example.com/dashboard", "has no path"],
    ["https://app.example.com?x=1", "has no path"],
    ["https://user:pw@app.example.com", "no user name"],
    ["ftp://app.example.com", "only http and https"],
    ["javascript:alert(1)", "only http and https"],
    ["*", "only wildcard"],
    ["https://*", "only wildcard"],
    ["https://app.*.com", "only wildcard"],
    ["http://*.example.com", "only wildcard"],
    ["https://*.com", "two labels"],
    ["https://app.example.com\u202e", "text-direction"],
    ["https://app\u0000.example.com", "NUL"],
    ["https://-bad-.example.com", "valid host"],
    ["", "must not be empty"],
  ])("refuses %j, saying why", (input, why) => {
    const checked = normaliseOrigin(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toContain(why);
  });

  it("a list: duplicates dropped after normalising, every bad line named by its position, at most 20", () => {
    expect(parseOriginList(["https://a.example.com", "https://A.example.com:443"])).toEqual({ ok: true, origins: ["https://a.example.com"] });
    const bad = parseOriginList(["https://a.example.com", "nope", "https://b.example.com/x"]);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.map((problem) => problem.index)).toEqual([1, 2]);
    expect(parseOriginList(Array.from({ length: 21 }, (_, index) => `https://a${index}.example.com`)).ok).toBe(false);
  });

  it("matches what a browser reports exactly; a wildcard covers subdomains over HTTPS only, never the bare name", () => {
    const allowed = ["https://app.example.com", "http://127.0.0.1:8080", "https://*.customer.test"];
    expect(isAllowedOrigin("https://app.example.com", allowed)).toBe(true);
    expect(isAllowedOrigin("http://127.0.0.1:8080", allowed)).toBe(true);
    expect(isAllowedOrigin("https://eu.customer.test", allowed)).toBe(true);
    expect(isAllowedOrigin("https://a.b.customer.test", allowed)).toBe(true);
    expect(isAllowedOrigin("https://customer.test", allowed)).toBe(false);
    expect(isAllowedOrigin("https://evilcustomer.test", allowed)).toBe(false);
    expect(isAllowedOrigin("http://eu.customer.test", allowed)).toBe(false);
    expect(isAllowedOrigin("http://app.example.com", allowed)).toBe(false);
    expect(isAllowedOrigin("https://app.example.com:8443", allowed)).toBe(false);
    expect(isAllowedOrigin("http://127.0.0.1:8081", allowed)).toBe(false);
    expect(isAllowedOrigin("https://app.example.com.evil.test", allowed)).toBe(false);
    expect(isAllowedOrigin("null", allowed)).toBe(false);
    expect(isAllowedOrigin(null, allowed)).toBe(false);
    expect(isAllowedOrigin("https://app.example.com/", allowed)).toBe(false);
  });

  it("frame-ancestors names exactly the list, or 'none'", () => {
    expect(frameAncestors([])).toBe("'none'");
    expect(frameAncestors(["https://app.example.com", "https://*.customer.test"])).toBe("https://app.example.com https://*.customer.test");
  });
});
